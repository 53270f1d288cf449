import { sql } from 'kysely';
import type { AppDatabase } from '../connection.ts';
import { queryRows, queryRowsNow, type Query, type SiteDatabase } from '../site-database.ts';
import { recordKinds, type FieldName, type RecordKind } from '../../shared/record-kinds.ts';
import { statement } from '../records/record-queries.ts';
import type { NoticeProject } from '../../shared/records/list-query.ts';
import { processKeyOf } from '../../shared/procurement-projects/project-services.ts';

// Which project each notice is part of (migration 0025). Table and column names come from
// the registry, never from a request; values are always bound.

/** A project's row as stored: `abc` in integer centavos. */
export interface ProjectRow {
  id: number;
  process_key: string;
  title: string;
  end_user_office: string | null;
  mode: string | null;
  abc: number | null;
  app_code: string | null;
  year: number;
  created: string;
  updated: string;
}

/** What a new project is started from: its first notice, or staff's own words. */
export interface NewProject {
  processKey: string;
  title: string;
  mode?: string | null | undefined;
  abc?: number | null | undefined;
  appCode?: string | null | undefined;
  endUserOffice?: string | null | undefined;
}

const PROJECT_COLUMNS =
  'id, process_key, title, end_user_office, mode, abc, app_code, year, created, updated';

export function projectById(database: AppDatabase, id: number): ProjectRow | undefined {
  return statement(
    database,
    'projects:by-id',
    () => `SELECT ${PROJECT_COLUMNS} FROM procurement_projects WHERE id = ?`,
  ).get(id) as ProjectRow | undefined;
}

export function projectByKey(database: AppDatabase, key: string): ProjectRow | undefined {
  return statement(
    database,
    'projects:by-key',
    () => `SELECT ${PROJECT_COLUMNS} FROM procurement_projects WHERE process_key = ?`,
  ).get(key) as ProjectRow | undefined;
}

/** The project a notice is part of; undefined for a notice never attached (inserted raw). */
export function projectOfNotice(
  database: AppDatabase,
  collection: string,
  recordId: number,
): ProjectRow | undefined {
  return statement(
    database,
    'projects:of-notice',
    () =>
      `SELECT ${PROJECT_COLUMNS.split(', ')
        .map((column) => `p.${column}`)
        .join(', ')} FROM procurement_project_notices AS n
       JOIN procurement_projects AS p ON p.id = n.project_id
       WHERE n.collection = ? AND n.record_id = ?`,
  ).get(collection, recordId) as ProjectRow | undefined;
}

/** The project of a notice: its process key and title. */
const noticeProjectRow =
  (collection: string, recordId: number): Query<{ process_key: string; title: string }> =>
  () =>
    sql`SELECT p.process_key, p.title FROM procurement_project_notices AS n
      JOIN procurement_projects AS p ON p.id = n.project_id
      WHERE n.collection = ${collection} AND n.record_id = ${recordId}`;

function asNoticeProject(row: { process_key: string; title: string } | undefined): NoticeProject {
  return row ? { processKey: row.process_key, title: row.title } : null;
}

/** The project a notice is part of, as pages and the API name it; on either engine. */
export async function noticeProject(
  database: SiteDatabase,
  collection: string,
  recordId: number,
): Promise<NoticeProject> {
  return asNoticeProject((await queryRows(database, noticeProjectRow(collection, recordId)))[0]);
}

/** noticeProject where a caller cannot await yet (a synchronous chain): SQLite only. */
export function noticeProjectNow(
  database: AppDatabase,
  collection: string,
  recordId: number,
): NoticeProject {
  return asNoticeProject(queryRowsNow(database, noticeProjectRow(collection, recordId))[0]);
}

/** A project's notices, as (collection, id), in no particular order. */
export function noticesOfProject(
  database: AppDatabase,
  projectId: number,
): { collection: string; record_id: number }[] {
  return statement(
    database,
    'projects:notices',
    () => 'SELECT collection, record_id FROM procurement_project_notices WHERE project_id = ?',
  ).all(projectId) as { collection: string; record_id: number }[];
}

/** The Manila year of an instant: a project posted on 31 December at 20:00 UTC is next year's. */
function manilaYear(now: Date): number {
  return new Date(now.getTime() + 8 * 3_600_000).getUTCFullYear();
}

export function insertProject(database: AppDatabase, project: NewProject, now: Date): number {
  const at = now.toISOString();
  const result = statement(
    database,
    'projects:insert',
    () =>
      `INSERT INTO procurement_projects (process_key, title, end_user_office, mode, abc, app_code, year, created, updated)
       VALUES (:key, :title, :office, :mode, :abc, :appCode, :year, :at, :at)`,
  ).run({
    key: project.processKey,
    title: project.title,
    office: project.endUserOffice ?? null,
    mode: project.mode ?? null,
    abc: project.abc ?? null,
    appCode: project.appCode ?? null,
    year: manilaYear(now),
    at,
  });
  return Number(result.lastInsertRowid);
}

/** Links a notice to a project, replacing any link it had; the project's `updated` follows. */
export function linkNotice(
  database: AppDatabase,
  link: { collection: string; recordId: number; projectId: number },
  now: Date,
): void {
  statement(
    database,
    'projects:link',
    () =>
      `INSERT INTO procurement_project_notices (collection, record_id, project_id) VALUES (?, ?, ?)
       ON CONFLICT (collection, record_id) DO UPDATE SET project_id = excluded.project_id`,
  ).run(link.collection, link.recordId, link.projectId);
  statement(
    database,
    'projects:touch',
    () => 'UPDATE procurement_projects SET updated = max(updated, ?) WHERE id = ?',
  ).run(now.toISOString(), link.projectId);
}

/** The project a notice with this PhilGEPS reference joins: the one keyed by it, or one of whose notices carries it. */
export function projectWithReference(database: AppDatabase, reference: string): number | undefined {
  const row = statement(
    database,
    'projects:by-reference',
    () =>
      `SELECT id FROM procurement_projects WHERE process_key = :reference
       UNION ALL SELECT * FROM (${recordKinds
         .filter((kind) => hasField(kind, 'philgeps_reference'))
         .map(
           (kind) =>
             `SELECT n.project_id FROM ${kind.collection} AS r JOIN procurement_project_notices AS n
              ON n.collection = '${kind.collection}' AND n.record_id = r.id
              WHERE trim(r.philgeps_reference) = :reference`,
         )
         .join(' UNION ALL ')})
       LIMIT 1`,
  ).get({ reference }) as { id: number } | undefined;
  return row?.id;
}

export function hasField(kind: RecordKind, name: FieldName): boolean {
  return kind.fields.some((spec) => spec.name === name);
}

/** The fields that number a notice: what staff search projects by besides the title. */
export const NUMBER_FIELDS = [
  'pr_number',
  'bid_number',
  'bid_number_or_pr_number',
  'philgeps_reference',
] as const satisfies readonly FieldName[];

/** Every (project, number) pair of the notices' numbering fields, as a subquery. */
export function noticeNumbers(): string {
  return recordKinds
    .flatMap((kind) =>
      NUMBER_FIELDS.filter((name) => hasField(kind, name)).map(
        (name) =>
          `SELECT n.project_id, trim(r.${name}) AS number FROM ${kind.collection} AS r
           JOIN procurement_project_notices AS n ON n.collection = '${kind.collection}' AND n.record_id = r.id`,
      ),
    )
    .join(' UNION ALL ');
}

/**
 * The one project an import's `project` value names: its OCID (any publisher prefix's form:
 * the command line does not read the site's content), its APP code, or a PR number (or bid number, PhilGEPS reference) already used
 * by a notice of it. Undefined when none, or when a number is used in two projects.
 */
export function projectNamedBy(database: AppDatabase, value: string): number | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  const key = processKeyOf(text);
  const own = key === undefined ? undefined : projectByKey(database, key);
  if (own) return own.id;
  const rows = statement(
    database,
    'projects:named-by',
    () =>
      `SELECT id FROM procurement_projects WHERE app_code = :text
       UNION SELECT project_id FROM (${noticeNumbers()}) WHERE number = :text`,
  ).all({ text }) as { id: number }[];
  return rows.length === 1 ? rows[0]!.id : undefined;
}
