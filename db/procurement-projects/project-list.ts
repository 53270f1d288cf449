import type { AppDatabase } from '../connection.ts';
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
import { statement } from '../records/record-queries.ts';
import { noticeNumbers, type ProjectRow } from './project-notices.ts';

// The projects list and search. Table names come from the registry; values are always bound.

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
 * One page of projects, newest year first, searched by title, APP code, OCID (or its key) and the
 * numbers of their notices (PR, bid, PhilGEPS reference), filtered by year, mode and status.
 */
export function listProjects(
  database: AppDatabase,
  query: ProjectListQuery,
  ocidPrefix: string,
  { only, all = false }: ListOptions = {},
): ProcurementProjectPage {
  const rows = statement(
    database,
    'projects:list',
    () =>
      `WITH live AS (${liveNotices()}), numbers AS (${noticeNumbers()})
       SELECT *, count(*) OVER () AS total FROM (
         SELECT p.*, ${STATUS} AS status FROM procurement_projects AS p
         WHERE (:q = '' OR p.title LIKE :like ESCAPE '\\' OR p.app_code LIKE :like ESCAPE '\\'
           OR p.process_key LIKE :like ESCAPE '\\' OR p.process_key = :key
           OR p.id IN (SELECT project_id FROM numbers WHERE number LIKE :like ESCAPE '\\'))
           AND (:year IS NULL OR p.year = :year) AND (:mode IS NULL OR p.mode = :mode)
           AND (:only IS NULL OR p.id IN (SELECT value FROM json_each(:only)))
       ) WHERE (:status IS NULL OR status = :status)
       ORDER BY year DESC, created DESC, id DESC LIMIT :limit OFFSET :offset`,
  ).all({
    q: query.q,
    like: containing(query.q),
    // A whole OCID, prefix and all, finds its project too.
    key: processKeyOf(query.q) ?? '',
    year: query.year ?? null,
    mode: query.mode ?? null,
    status: query.status ?? null,
    only: only === undefined ? null : JSON.stringify(only),
    limit: all ? -1 : PROJECTS_PAGE_SIZE,
    offset: all ? 0 : (query.page - 1) * PROJECTS_PAGE_SIZE,
  }) as SummaryRow[];
  return {
    total: rows[0]?.total ?? countProjects(database, query, ocidPrefix, only),
    items: rows.map((row) => summaryOf(row, ocidPrefix)),
  };
}

/** A page past the last has no rows to carry the count: counted on its own. */
function countProjects(
  database: AppDatabase,
  query: ProjectListQuery,
  ocidPrefix: string,
  only: readonly number[] | undefined,
): number {
  if (query.page === 1) return 0;
  return listProjects(database, { ...query, page: 1 }, ocidPrefix, { only }).total;
}

/**
 * The ids of the projects a supplier is part of: those holding one of its award notices
 * (`collection` and record `id`), and those whose abstract of bids names a bidder folding to
 * one of `folds` (its spellings folded as the bids store them).
 */
export function projectIdsOfSupplier(
  database: AppDatabase,
  notices: readonly { collection: string; id: number }[],
  folds: readonly string[],
): number[] {
  return statement(
    database,
    'projects:of-supplier',
    () =>
      `SELECT n.project_id FROM procurement_project_notices AS n
         JOIN json_each(:notices) AS w
           ON n.collection = json_extract(w.value, '$.collection')
          AND n.record_id = json_extract(w.value, '$.id')
       UNION SELECT project_id FROM project_bids
       WHERE bidder_folded IN (SELECT value FROM json_each(:folds))`,
  )
    .pluck()
    .all({
      notices: JSON.stringify(notices.map(({ collection, id }) => ({ collection, id }))),
      folds: JSON.stringify(folds),
    }) as number[];
}

/** One project's status, derived from its notices. */
export function projectStatus(database: AppDatabase, projectId: number): ProjectStatus {
  const row = statement(
    database,
    'projects:status',
    () =>
      `WITH live AS (${liveNotices()}) SELECT ${STATUS} AS status FROM procurement_projects AS p WHERE p.id = ?`,
  ).get(projectId) as { status: ProjectStatus } | undefined;
  return row?.status ?? 'planned';
}

/** The derived status as SQL for another query of projects `p` (the plan page): `live` is its CTE. */
export const projectStatusSql = { live: liveNotices, status: () => STATUS };
