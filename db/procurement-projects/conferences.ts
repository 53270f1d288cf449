import { recordAudit, type AuditAction } from '../audit-log.ts';
import type { AppDatabase } from '../connection.ts';
import type {
  CheckedConference,
  CheckedObserver,
  ProcurementCategory,
} from '../../shared/procurement-projects/conference.ts';
import { statement } from '../records/record-queries.ts';

// RA 12009 section 38 (migration 0030): conferences, observers and the category of a project.
// A correction is a new row naming the first row it corrects; rows are never changed.

export interface ConferenceRow {
  id: number;
  project_id: number;
  corrects: number | null;
  kind: CheckedConference['kind'];
  date: string;
  livestream_url: string | null;
  recording_url: string | null;
  reason: string | null;
  created: string;
  actor: string;
}

export interface ObserverRow {
  id: number;
  project_id: number;
  corrects: number | null;
  name: string;
  organisation: string;
  invited: string;
  reason: string | null;
  created: string;
  actor: string;
}

export interface CategoryRow {
  id: number;
  category: ProcurementCategory;
  reason: string | null;
  created: string;
  actor: string;
}

/** Who writes and from where: the audit entry's actor, address and extra detail. */
export interface ConferenceSource {
  actor: string;
  address: string | null;
  detail: Record<string, unknown>;
}

export interface ProjectRef {
  id: number;
  key: string;
}

/** The write's answer: the new row, or NO_SUCH_ENTRY when `corrects` names no first row of the project. */
export type SectionWrite = { ok: true; id: number } | { ok: false; code: 'NO_SUCH_ENTRY' };

const touch = (database: AppDatabase, created: string, projectId: number) =>
  statement(
    database,
    'conferences:touch',
    () => 'UPDATE procurement_projects SET updated = max(updated, ?) WHERE id = ?',
  ).run(created, projectId);

/** True when `id` is the first row of a conference (`table`) of the project. */
function isFirstRow(
  database: AppDatabase,
  table: 'project_conferences' | 'project_observers',
  projectId: number,
  id: number,
): boolean {
  return (
    statement(
      database,
      `conferences:first-row:${table}`,
      () => `SELECT 1 FROM ${table} WHERE id = ? AND project_id = ? AND corrects IS NULL`,
    ).get(id, projectId) !== undefined
  );
}

/**
 * One entry of a section kept with corrections (a conference, an observer): what its table
 * holds beside the project, the correction and who wrote it, and how the audit log names it.
 */
interface CorrectableEntry {
  table: 'project_conferences' | 'project_observers';
  /** Its own columns and values; column names are this module's, never a request's. */
  values: Record<string, string | number | null>;
  /** The correction's reason; stored only on a correction. */
  reason: string | null;
  audit: {
    added: AuditAction;
    corrected: AuditAction;
    name: 'conference' | 'observer';
    /** What the audit entry says of it, as the API names its fields. */
    detail: Record<string, string | number | null>;
  };
}

/**
 * Adds an entry, or corrects the one `corrects` names (a first row of the project's, else
 * NO_SUCH_ENTRY); the row, the project's time and the audit entry in one transaction.
 * Answers the entry's id: the first row's, so a correction keeps the entry's address.
 */
function writeCorrectable(
  database: AppDatabase,
  project: ProjectRef,
  entry: CorrectableEntry,
  corrects: number | null,
  source: ConferenceSource,
  now: Date,
): SectionWrite {
  const columns = Object.keys(entry.values);
  return database.sqlite
    .transaction((): SectionWrite => {
      if (corrects !== null && !isFirstRow(database, entry.table, project.id, corrects))
        return { ok: false, code: 'NO_SUCH_ENTRY' };
      const created = now.toISOString();
      const result = statement(
        database,
        `conferences:insert:${entry.table}`,
        () =>
          `INSERT INTO ${entry.table}
             (project_id, corrects, ${columns.join(', ')}, reason, created, actor)
           VALUES (?, ?, ${columns.map(() => '?').join(', ')}, ?, ?, ?)`,
      ).run(
        project.id,
        corrects,
        ...Object.values(entry.values),
        corrects === null ? null : entry.reason,
        created,
        source.actor,
      );
      touch(database, created, project.id);
      const id = Number(result.lastInsertRowid);
      recordAudit(database, {
        action: corrects === null ? entry.audit.added : entry.audit.corrected,
        actor: source.actor,
        address: source.address,
        detail: {
          project: project.key,
          [entry.audit.name]: corrects ?? id,
          row: id,
          ...entry.audit.detail,
          ...(corrects === null ? {} : { reason: entry.reason }),
          ...source.detail,
        },
      });
      return { ok: true, id: corrects ?? id };
    })
    .immediate();
}

/** Adds a conference, or corrects the one `corrects` names. */
export function writeConference(
  database: AppDatabase,
  project: ProjectRef,
  conference: CheckedConference,
  corrects: number | null,
  source: ConferenceSource,
  now: Date,
): SectionWrite {
  const entry: CorrectableEntry = {
    table: 'project_conferences',
    values: {
      kind: conference.kind,
      date: conference.date,
      livestream_url: conference.livestreamUrl,
      recording_url: conference.recordingUrl,
    },
    reason: conference.reason,
    audit: {
      added: 'conference-added',
      corrected: 'conference-corrected',
      name: 'conference',
      detail: {
        kind: conference.kind,
        date: conference.date,
        livestreamUrl: conference.livestreamUrl,
        recordingUrl: conference.recordingUrl,
      },
    },
  };
  return writeCorrectable(database, project, entry, corrects, source, now);
}

/** Adds an observer, or corrects the one `corrects` names. */
export function writeObserver(
  database: AppDatabase,
  project: ProjectRef,
  observer: CheckedObserver,
  corrects: number | null,
  source: ConferenceSource,
  now: Date,
): SectionWrite {
  const values = {
    name: observer.name,
    organisation: observer.organisation,
    invited: observer.invited,
  };
  const entry: CorrectableEntry = {
    table: 'project_observers',
    values,
    reason: observer.reason,
    audit: {
      added: 'observer-added',
      corrected: 'observer-corrected',
      name: 'observer',
      detail: values,
    },
  };
  return writeCorrectable(database, project, entry, corrects, source, now);
}

/**
 * States the project's category, or corrects it (the project has one already): a
 * correction needs a reason, answered REASON_REQUIRED without one.
 */
export function stateCategory(
  database: AppDatabase,
  project: ProjectRef,
  category: ProcurementCategory,
  reason: string | null,
  source: ConferenceSource,
  now: Date,
): { ok: true; id: number; corrected: boolean } | { ok: false; code: 'REASON_REQUIRED' } {
  return database.sqlite
    .transaction(() => {
      const corrects = categoriesOfProject(database, project.id).length > 0;
      if (corrects && !reason) return { ok: false as const, code: 'REASON_REQUIRED' as const };
      const created = now.toISOString();
      const result = statement(
        database,
        'categories:insert',
        () =>
          `INSERT INTO project_categories (project_id, category, reason, created, actor)
           VALUES (?, ?, ?, ?, ?)`,
      ).run(project.id, category, corrects ? reason : null, created, source.actor);
      touch(database, created, project.id);
      const id = Number(result.lastInsertRowid);
      recordAudit(database, {
        action: corrects ? 'category-corrected' : 'category-stated',
        actor: source.actor,
        address: source.address,
        detail: {
          project: project.key,
          category,
          ...(corrects ? { reason } : {}),
          ...source.detail,
        },
      });
      return { ok: true as const, id, corrected: corrects };
    })
    .immediate();
}

/** Every row of a project's conferences, oldest first. */
export function conferenceRowsOfProject(database: AppDatabase, projectId: number): ConferenceRow[] {
  return statement(
    database,
    'conferences:of-project',
    () =>
      `SELECT id, project_id, corrects, kind, date, livestream_url, recording_url, reason, created, actor
       FROM project_conferences WHERE project_id = ? ORDER BY id`,
  ).all(projectId) as ConferenceRow[];
}

/** Every row of a project's observers, oldest first. */
export function observerRowsOfProject(database: AppDatabase, projectId: number): ObserverRow[] {
  return statement(
    database,
    'observers:of-project',
    () =>
      `SELECT id, project_id, corrects, name, organisation, invited, reason, created, actor
       FROM project_observers WHERE project_id = ? ORDER BY id`,
  ).all(projectId) as ObserverRow[];
}

/** Every statement of a project's category, oldest first: the last is the category. */
export function categoriesOfProject(database: AppDatabase, projectId: number): CategoryRow[] {
  return statement(
    database,
    'categories:of-project',
    () =>
      `SELECT id, category, reason, created, actor
       FROM project_categories WHERE project_id = ? ORDER BY id`,
  ).all(projectId) as CategoryRow[];
}
