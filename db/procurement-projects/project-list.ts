import { sql, type RawBuilder } from 'kysely';
import { queryRows, type Query, type SiteDatabase } from '../site-database.ts';
import { formatDecimal } from '../../shared/money.ts';
import {
  PROJECTS_PAGE_SIZE,
  type ProcurementProjectPage,
  type ProcurementProjectSummary,
  type ProjectListQuery,
  type ProjectStatus,
} from '../../shared/procurement-projects/procurement-project.ts';
import { processKeyOf } from '../../shared/procurement-projects/project-services.ts';
import { recordKinds, type RecordKind } from '../../shared/record-kinds.ts';
import { noticeNumbers, type ProjectRow } from './project-notices.ts';

// The projects list and search, on either engine (issue 36). Table names come from the
// registry; values are always bound.

/** How a kind's published notice moves its project along, for the derived status. */
function stepOf(kind: RecordKind): 'award' | 'failed' | 'tender' | 'other' {
  const { ocds } = kind;
  if (ocds.stage === 'award' || ocds.stage === 'contract') return 'award';
  if (ocds.stage === 'tender')
    return ocds.procurementMethod.status === 'unsuccessful' ? 'failed' : 'tender';
  return 'other';
}

/** Every published notice of every project with its step, as a subquery. */
function liveNotices(): string {
  return recordKinds
    .map(
      (kind) =>
        `SELECT n.project_id, r.created, r.id, '${stepOf(kind)}' AS step FROM ${kind.collection} AS r
         JOIN procurement_project_notices AS n ON n.collection = '${kind.collection}' AND n.record_id = r.id
         WHERE r.withdrawn_at IS NULL`,
    )
    .join(' UNION ALL ');
}

/** The status of project `p` (see ProjectStatus): SQL over `live`; a stated completion wins. */
const STATUS = `CASE
  WHEN EXISTS (SELECT 1 FROM project_completions AS c WHERE c.project_id = p.id) THEN 'completed'
  WHEN EXISTS (SELECT 1 FROM live WHERE live.project_id = p.id AND step = 'award') THEN 'awarded'
  WHEN (SELECT step FROM live WHERE live.project_id = p.id AND step IN ('tender', 'failed')
        ORDER BY created DESC, id DESC LIMIT 1) = 'failed' THEN 'failed'
  WHEN EXISTS (SELECT 1 FROM live WHERE live.project_id = p.id AND step = 'tender') THEN 'ongoing'
  ELSE 'planned' END`;

type SummaryRow = ProjectRow & { status: ProjectStatus; total: number };

/** `only`: just these project ids (a supplier's); `all`: every match, not one page (CSV). */
export interface ListOptions {
  only?: readonly number[] | undefined;
  all?: boolean;
}

export function summaryOf(
  row: ProjectRow & { status: ProjectStatus },
  ocidPrefix: string,
): ProcurementProjectSummary {
  return {
    ocid: `${ocidPrefix}-${row.process_key}`,
    title: row.title,
    endUserOffice: row.end_user_office,
    mode: row.mode,
    abc: row.abc === null ? null : formatDecimal(row.abc),
    appCode: row.app_code,
    year: row.year,
    status: row.status,
    created: row.created,
    updated: row.updated,
  };
}

/** `LIKE` text matching `text` anywhere, its wildcards escaped. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * A case-insensitive match of a LIKE pattern: SQLite's LIKE folds ASCII letters already;
 * PostgreSQL's is case-sensitive, its ILIKE is not. Backslash escapes on both.
 */
export function likeAnyCase(database: SiteDatabase, column: RawBuilder<unknown>, pattern: string) {
  return database.engine === 'postgres'
    ? sql`${column} ILIKE ${pattern} ESCAPE '\\'`
    : sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

/** Values as an `IN (…)` list; none matches nothing (an empty list is no SQL on either engine). */
function valueList(ids: readonly (number | string)[]) {
  return ids.length === 0 ? sql`(NULL)` : sql`(${sql.join(ids)})`;
}

/** The projects the list answers with, and how many match in all (`total` on each row). */
function projectRows(
  database: SiteDatabase,
  query: ProjectListQuery,
  { only, all = false }: ListOptions,
): Query<SummaryRow> {
  const like = containing(query.q);
  const matches = (column: string) => likeAnyCase(database, sql.ref(column), like);
  const conditions = [sql`TRUE`];
  if (query.q !== '') {
    // A whole OCID, prefix and all, finds its project too.
    const key = processKeyOf(query.q) ?? '';
    conditions.push(sql`(${matches('p.title')} OR ${matches('p.app_code')}
      OR ${matches('p.process_key')} OR p.process_key = ${key}
      OR p.id IN (SELECT project_id FROM numbers WHERE ${matches('number')}))`);
  }
  if (query.year !== undefined) conditions.push(sql`p.year = ${query.year}`);
  if (query.mode !== undefined) conditions.push(sql`p.mode = ${query.mode}`);
  if (only !== undefined) conditions.push(sql`p.id IN ${valueList(only)}`);
  const status = query.status === undefined ? sql`` : sql`WHERE status = ${query.status}`;
  const page = all
    ? sql``
    : sql`LIMIT ${PROJECTS_PAGE_SIZE} OFFSET ${(query.page - 1) * PROJECTS_PAGE_SIZE}`;
  return () =>
    sql<SummaryRow>`WITH live AS (${sql.raw(liveNotices())}), numbers AS (${sql.raw(noticeNumbers())})
      SELECT *, count(*) OVER () AS total FROM (
        SELECT p.*, ${sql.raw(STATUS)} AS status FROM procurement_projects AS p
        WHERE ${sql.join(conditions, sql` AND `)}
      ) AS matching ${status}
      ORDER BY year DESC, created DESC, id DESC ${page}`;
}

/**
 * One page of projects, newest year first, searched by title, APP code, OCID (or its key) and the
 * numbers of their notices (PR, bid, PhilGEPS reference), filtered by year, mode and status.
 */
export async function listProjects(
  database: SiteDatabase,
  query: ProjectListQuery,
  ocidPrefix: string,
  options: ListOptions = {},
): Promise<ProcurementProjectPage> {
  const rows = await queryRows(database, projectRows(database, query, options));
  return {
    total: rows[0]?.total ?? (await countProjects(database, query, ocidPrefix, options.only)),
    items: rows.map((row) => summaryOf(row, ocidPrefix)),
  };
}

/** A page past the last has no rows to carry the count: counted on its own. */
async function countProjects(
  database: SiteDatabase,
  query: ProjectListQuery,
  ocidPrefix: string,
  only: readonly number[] | undefined,
): Promise<number> {
  if (query.page === 1) return 0;
  return (await listProjects(database, { ...query, page: 1 }, ocidPrefix, { only })).total;
}

/**
 * The ids of the projects a supplier is part of: those holding one of its award notices
 * (`collection` and record `id`), and those whose abstract of bids names a bidder folding to
 * one of `folds` (its spellings folded as the bids store them).
 */
export async function projectIdsOfSupplier(
  database: SiteDatabase,
  notices: readonly { collection: string; id: number }[],
  folds: readonly string[],
): Promise<number[]> {
  const pairs = notices.map(({ collection, id }) => sql`(${collection}, ${id})`);
  const rows = await queryRows(
    database,
    () => sql<{ project_id: number }>`SELECT project_id FROM procurement_project_notices
      WHERE ${pairs.length === 0 ? sql`FALSE` : sql`(collection, record_id) IN (${sql.join(pairs)})`}
      UNION SELECT project_id FROM project_bids WHERE bidder_folded IN ${valueList(folds)}`,
  );
  return rows.map((row) => row.project_id);
}

const statusRow =
  (projectId: number): Query<{ status: ProjectStatus }> =>
  () =>
    sql<{ status: ProjectStatus }>`WITH live AS (${sql.raw(liveNotices())})
      SELECT ${sql.raw(STATUS)} AS status FROM procurement_projects AS p WHERE p.id = ${projectId}`;

/** One project's status, derived from its notices. */
export async function projectStatus(
  database: SiteDatabase,
  projectId: number,
): Promise<ProjectStatus> {
  return (await queryRows(database, statusRow(projectId)))[0]?.status ?? 'planned';
}

/** The derived status as SQL for another query of projects `p` (the plan page): `live` is its CTE. */
export const projectStatusSql = { live: liveNotices, status: () => STATUS };
