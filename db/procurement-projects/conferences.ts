import { recordAudit } from '../audit-log.ts';
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

/** Adds a conference, or corrects the one `corrects` names; the row and its audit entry in one transaction. */
export function writeConference(
  database: AppDatabase,
  project: ProjectRef,
  conference: CheckedConference,
  corrects: number | null,
  source: ConferenceSource,
  now: Date,
): SectionWrite {
  return database.sqlite
    .transaction((): SectionWrite => {
      if (corrects !== null && !isFirstRow(database, 'project_conferences', project.id, corrects))
        return { ok: false, code: 'NO_SUCH_ENTRY' };
      const created = now.toISOString();
      const result = statement(
        database,
        'conferences:insert',
        () =>
          `INSERT INTO project_conferences
             (project_id, corrects, kind, date, livestream_url, recording_url, reason, created, actor)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        project.id,
        corrects,
        conference.kind,
        conference.date,
        conference.livestreamUrl,
        conference.recordingUrl,
        corrects === null ? null : conference.reason,
        created,
        source.actor,
      );
      touch(database, created, project.id);
      const id = Number(result.lastInsertRowid);
      recordAudit(database, {
        action: corrects === null ? 'conference-added' : 'conference-corrected',
        actor: source.actor,
        address: source.address,
        detail: {
          project: project.key,
          conference: corrects ?? id,
          row: id,
          kind: conference.kind,
          date: conference.date,
          livestreamUrl: conference.livestreamUrl,
          recordingUrl: conference.recordingUrl,
          ...(corrects === null ? {} : { reason: conference.reason }),
          ...source.detail,
        },
      });
      return { ok: true, id: corrects ?? id };
    })
    .immediate();
}

/** Adds an observer, or corrects the one `corrects` names; the row and its audit entry in one transaction. */
export function writeObserver(
  database: AppDatabase,
  project: ProjectRef,
  observer: CheckedObserver,
  corrects: number | null,
  source: ConferenceSource,
  now: Date,
): SectionWrite {
  return database.sqlite
    .transaction((): SectionWrite => {
      if (corrects !== null && !isFirstRow(database, 'project_observers', project.id, corrects))
        return { ok: false, code: 'NO_SUCH_ENTRY' };
      const created = now.toISOString();
      const result = statement(
        database,
        'observers:insert',
        () =>
          `INSERT INTO project_observers
             (project_id, corrects, name, organisation, invited, reason, created, actor)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        project.id,
        corrects,
        observer.name,
        observer.organisation,
        observer.invited,
        corrects === null ? null : observer.reason,
        created,
        source.actor,
      );
      touch(database, created, project.id);
      const id = Number(result.lastInsertRowid);
      recordAudit(database, {
        action: corrects === null ? 'observer-added' : 'observer-corrected',
        actor: source.actor,
        address: source.address,
        detail: {
          project: project.key,
          observer: corrects ?? id,
          row: id,
          name: observer.name,
          organisation: observer.organisation,
          invited: observer.invited,
          ...(corrects === null ? {} : { reason: observer.reason }),
          ...source.detail,
        },
      });
      return { ok: true, id: corrects ?? id };
    })
    .immediate();
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
