import { sql } from 'kysely';
import { touchProject } from './project-updated.ts';
import { queryRows, type Query, type SiteDatabase } from '../site-database.ts';
import { recordKinds, type FieldName, type RecordKind } from '../../shared/record-kinds.ts';
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

const projectRow =
  (column: 'id' | 'process_key', value: number | string): Query<ProjectRow> =>
  () =>
    sql`SELECT ${sql.raw(PROJECT_COLUMNS)} FROM procurement_projects WHERE ${sql.ref(column)} = ${value}`;

export async function projectById(
  database: SiteDatabase,
  id: number,
): Promise<ProjectRow | undefined> {
  return (await queryRows(database, projectRow('id', id)))[0];
}

export async function projectByKey(
  database: SiteDatabase,
  key: string,
): Promise<ProjectRow | undefined> {
  return (await queryRows(database, projectRow('process_key', key)))[0];
}

const projectOfNoticeRow =
  (collection: string, recordId: number): Query<ProjectRow> =>
  () =>
    sql`SELECT ${sql.raw(
      PROJECT_COLUMNS.split(', ')
        .map((column) => `p.${column}`)
        .join(', '),
    )} FROM procurement_project_notices AS n
      JOIN procurement_projects AS p ON p.id = n.project_id
      WHERE n.collection = ${collection} AND n.record_id = ${recordId}`;

/** The project a notice is part of; undefined for a notice never attached (inserted raw). */
export async function projectOfNotice(
  database: SiteDatabase,
  collection: string,
  recordId: number,
): Promise<ProjectRow | undefined> {
  return (await queryRows(database, projectOfNoticeRow(collection, recordId)))[0];
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

type NoticeOfProject = { collection: string; record_id: number };

const noticesOfProjectRows =
  (projectId: number): Query<NoticeOfProject> =>
  () =>
    sql`SELECT collection, record_id FROM procurement_project_notices WHERE project_id = ${projectId}`;

/** A project's notices, as (collection, id), in no particular order. */
export async function noticesOfProject(
  database: SiteDatabase,
  projectId: number,
): Promise<NoticeOfProject[]> {
  return queryRows(database, noticesOfProjectRows(projectId));
}

/** The Manila year of an instant: a project posted on 31 December at 20:00 UTC is next year's. */
function manilaYear(now: Date): number {
  return new Date(now.getTime() + 8 * 3_600_000).getUTCFullYear();
}

/** Starts a project, in the caller's transaction; answers its id. */
export async function insertProject(
  transaction: SiteDatabase,
  project: NewProject,
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const [row] = await queryRows<{ id: number }>(
    transaction,
    () =>
      sql`INSERT INTO procurement_projects
        (process_key, title, end_user_office, mode, abc, app_code, year, created, updated)
        VALUES (${project.processKey}, ${project.title}, ${project.endUserOffice ?? null},
          ${project.mode ?? null}, ${project.abc ?? null}, ${project.appCode ?? null},
          ${manilaYear(now)}, ${at}, ${at})
        RETURNING id`,
  );
  return row!.id;
}

/** Links a notice to a project, replacing any link it had; the project's `updated` follows. */
export async function linkNotice(
  transaction: SiteDatabase,
  link: { collection: string; recordId: number; projectId: number },
  now: Date,
): Promise<void> {
  await sql`INSERT INTO procurement_project_notices (collection, record_id, project_id)
    VALUES (${link.collection}, ${link.recordId}, ${link.projectId})
    ON CONFLICT (collection, record_id) DO UPDATE SET project_id = excluded.project_id`.execute(
    transaction.db,
  );
  await touchProject(transaction, link.projectId, now.toISOString());
}

/** The project a notice with this PhilGEPS reference joins: the one keyed by it, or one of whose notices carries it. */
export async function projectWithReference(
  database: SiteDatabase,
  reference: string,
): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    database,
    () =>
      sql`SELECT id FROM procurement_projects WHERE process_key = ${reference}
       UNION ALL SELECT * FROM (${sql.join(
         recordKinds
           .filter((kind) => hasField(kind, 'philgeps_reference'))
           .map(
             (kind) =>
               sql`SELECT n.project_id FROM ${sql.table(kind.collection)} AS r
                 JOIN procurement_project_notices AS n
                 ON n.collection = ${kind.collection} AND n.record_id = r.id
                 WHERE trim(r.philgeps_reference) = ${reference}`,
           ),
         sql` UNION ALL `,
       )}) AS referenced
       LIMIT 1`,
  );
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
export async function projectNamedBy(
  database: SiteDatabase,
  value: string,
): Promise<number | undefined> {
  const text = value.trim();
  if (text === '') return undefined;
  const key = processKeyOf(text);
  const own = key === undefined ? undefined : await projectByKey(database, key);
  if (own) return own.id;
  const rows = await queryRows<{ id: number }>(
    database,
    () =>
      sql`SELECT id FROM procurement_projects WHERE app_code = ${text}
       UNION SELECT project_id FROM (${sql.raw(noticeNumbers())}) AS numbers WHERE number = ${text}`,
  );
  return rows.length === 1 ? rows[0]!.id : undefined;
}
