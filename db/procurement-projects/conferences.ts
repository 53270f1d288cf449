import { sql } from 'kysely';
import { writeAudit, type AuditAction } from '../audit-log.ts';
import { queryRows, writeTransaction, type Query, type SiteDatabase } from '../site-database.ts';
import type {
  CheckedConference,
  CheckedObserver,
  ProcurementCategory,
} from '../../shared/procurement-projects/conference.ts';
import { touchProject } from './project-updated.ts';

// RA 12009 section 38 (migration 0030): conferences, observers and the category of a project.
// A correction is a new row naming the first row it corrects; rows are never changed. On
// either engine (issue 36).

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

/** True when `id` is the first row of a conference (`table`) of the project. */
async function isFirstRow(
  database: SiteDatabase,
  table: 'project_conferences' | 'project_observers',
  projectId: number,
  id: number,
): Promise<boolean> {
  const rows = await queryRows(
    database,
    () => sql`SELECT 1 AS one FROM ${sql.table(table)}
      WHERE id = ${id} AND project_id = ${projectId} AND corrects IS NULL`,
  );
  return rows.length > 0;
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
async function writeCorrectable(
  database: SiteDatabase,
  project: ProjectRef,
  entry: CorrectableEntry,
  corrects: number | null,
  source: ConferenceSource,
  now: Date,
): Promise<SectionWrite> {
  const columns = Object.keys(entry.values);
  return writeTransaction(database, async (tx): Promise<SectionWrite> => {
    if (corrects !== null && !(await isFirstRow(tx, entry.table, project.id, corrects)))
      return { ok: false, code: 'NO_SUCH_ENTRY' };
    const created = now.toISOString();
    const { rows } = await sql<{ id: number }>`INSERT INTO ${sql.table(entry.table)}
        (project_id, corrects, ${sql.join(columns.map((column) => sql.ref(column)))}, reason, created, actor)
      VALUES (${project.id}, ${corrects}, ${sql.join(Object.values(entry.values))},
        ${corrects === null ? null : entry.reason}, ${created}, ${source.actor})
      RETURNING id`.execute(tx.db);
    const id = rows[0]!.id;
    await touchProject(tx, project.id, created);
    await writeAudit(tx, {
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
  });
}

/** Adds a conference, or corrects the one `corrects` names. */
export async function writeConference(
  database: SiteDatabase,
  project: ProjectRef,
  conference: CheckedConference,
  corrects: number | null,
  source: ConferenceSource,
  now: Date,
): Promise<SectionWrite> {
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
export async function writeObserver(
  database: SiteDatabase,
  project: ProjectRef,
  observer: CheckedObserver,
  corrects: number | null,
  source: ConferenceSource,
  now: Date,
): Promise<SectionWrite> {
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
export async function stateCategory(
  database: SiteDatabase,
  project: ProjectRef,
  category: ProcurementCategory,
  reason: string | null,
  source: ConferenceSource,
  now: Date,
): Promise<{ ok: true; id: number; corrected: boolean } | { ok: false; code: 'REASON_REQUIRED' }> {
  return writeTransaction(database, async (tx) => {
    const corrects = (await categoriesOfProject(tx, project.id)).length > 0;
    if (corrects && !reason) return { ok: false as const, code: 'REASON_REQUIRED' as const };
    const created = now.toISOString();
    const { rows } = await sql<{ id: number }>`INSERT INTO project_categories
        (project_id, category, reason, created, actor)
      VALUES (${project.id}, ${category}, ${corrects ? reason : null}, ${created}, ${source.actor})
      RETURNING id`.execute(tx.db);
    const id = rows[0]!.id;
    await touchProject(tx, project.id, created);
    await writeAudit(tx, {
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
  });
}

const conferenceRows =
  (projectId: number): Query<ConferenceRow> =>
  () =>
    sql<ConferenceRow>`SELECT id, project_id, corrects, kind, date, livestream_url, recording_url,
        reason, created, actor
      FROM project_conferences WHERE project_id = ${projectId} ORDER BY id`;

const observerRows =
  (projectId: number): Query<ObserverRow> =>
  () =>
    sql<ObserverRow>`SELECT id, project_id, corrects, name, organisation, invited, reason, created, actor
      FROM project_observers WHERE project_id = ${projectId} ORDER BY id`;

const categoryRows =
  (projectId: number): Query<CategoryRow> =>
  () =>
    sql<CategoryRow>`SELECT id, category, reason, created, actor
      FROM project_categories WHERE project_id = ${projectId} ORDER BY id`;

/** Every row of a project's conferences, oldest first. */
export async function conferenceRowsOfProject(
  database: SiteDatabase,
  projectId: number,
): Promise<ConferenceRow[]> {
  return queryRows(database, conferenceRows(projectId));
}

/** Every row of a project's observers, oldest first. */
export async function observerRowsOfProject(
  database: SiteDatabase,
  projectId: number,
): Promise<ObserverRow[]> {
  return queryRows(database, observerRows(projectId));
}

/** Every statement of a project's category, oldest first: the last is the category. */
export async function categoriesOfProject(
  database: SiteDatabase,
  projectId: number,
): Promise<CategoryRow[]> {
  return queryRows(database, categoryRows(projectId));
}
