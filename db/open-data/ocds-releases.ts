import type { AppDatabase } from '../connection.ts';
import { recordKinds, type RecordKind } from '../../shared/record-kinds.ts';
import { statement } from '../records/record-queries.ts';

// The queries the OCDS publication (server/open-data/) is built from. Table names come from the
// registry, never from a request; values are always bound.

/** One release as a row: version 1 of a record at its posting, or one history step. */
export interface ReleaseRow {
  collection: string;
  record_id: number;
  version: number;
  date: string;
  /**
   * `<collection>-<record id>-v<version>` for a notice's release; for a project's own
   * (PROJECT_RELEASES), the id its record package gives it.
   */
  release_id: string;
  /** The project's process key for a project's own release; null for a notice's. */
  process_key: string | null;
}

/**
 * The releases a procurement project holds besides its notices' (issue 34), as rows with the
 * ids and dates server/open-data/ builds them with: the plan line's planning release
 * (ocds-planning.ts), the abstract of bids as one release dated at its latest bid
 * (ocds-bids.ts), and one per contract amendment and per completion statement
 * (ocds-contract-changes.ts). A row may name a release the server finds it cannot build (bids
 * or an amendment of a process with no notice or contract yet); it is then left out.
 */
const PROJECT_RELEASES = `
  SELECT 'procurement_projects' AS collection, id AS record_id, 1 AS version, created AS date,
    process_key || '-planning' AS release_id, process_key
  FROM procurement_projects WHERE app_year IS NOT NULL
  UNION ALL SELECT 'project_bids', p.id, count(*), max(b.created),
    'bids-' || p.id || '-' || count(*), p.process_key
  FROM project_bids AS b JOIN procurement_projects AS p ON p.id = b.project_id GROUP BY p.id
  UNION ALL SELECT 'contract_amendments', a.id, 1, a.created,
    'contract_amendments-' || a.id || '-v1', p.process_key
  FROM contract_amendments AS a JOIN procurement_projects AS p ON p.id = a.project_id
  UNION ALL SELECT 'project_completions', c.id, 1, c.created,
    'project_completions-' || c.id || '-v1', p.process_key
  FROM project_completions AS c JOIN procurement_projects AS p ON p.id = c.project_id`;

/**
 * Every release as a row: version 1 of each record at its posting time, each history step
 * at its time, and each project's own releases (PROJECT_RELEASES), in (date, release id)
 * order from `since` on and after the release `after`. Withdrawn records are included:
 * their withdrawal is a release too.
 */
export function releaseRowsFrom(
  database: AppDatabase,
  { since, after }: { since?: string; after?: string },
  limit: number,
): ReleaseRow[] {
  return statement(
    database,
    'ocds:releases',
    () => `SELECT collection, record_id, version, date, release_id, process_key FROM (
      SELECT *, collection || '-' || record_id || '-v' || version AS release_id,
        NULL AS process_key FROM (
        ${recordKinds
          .map(
            (kind) =>
              `SELECT '${kind.collection}' AS collection, id AS record_id, 1 AS version, created AS date FROM ${kind.collection}`,
          )
          .join(' UNION ALL ')}
        UNION ALL SELECT collection, record_id, version, at AS date FROM record_history
      ) WHERE date >= :since
      UNION ALL SELECT * FROM (${PROJECT_RELEASES}) WHERE date >= :since
    ) WHERE (date, release_id) > (:since, :after)
    ORDER BY date, release_id LIMIT :limit`,
  ).all({ since: since ?? '', after: after ?? '', limit }) as ReleaseRow[];
}

/** How many of the projects' own releases (PROJECT_RELEASES) are dated at or after `since`. */
export function countProjectReleasesSince(
  database: AppDatabase,
  since: string | undefined,
): number {
  return statement(
    database,
    'ocds:project-releases:count-since',
    () => `SELECT count(*) FROM (${PROJECT_RELEASES}) WHERE date >= ?`,
  )
    .pluck()
    .get(since ?? '') as number;
}

/** How many releases of one kind are dated at or after `since` (all of them without it). */
export function countReleasesSince(
  database: AppDatabase,
  kind: RecordKind,
  since: string | undefined,
): number {
  const row = statement(
    database,
    `ocds:${kind.collection}:count-since`,
    () =>
      `SELECT (SELECT count(*) FROM ${kind.collection} WHERE created >= ?) + (SELECT count(*) FROM record_history WHERE collection = ? AND at >= ?) AS total`,
  ).get(since ?? '', kind.collection, since ?? '') as { total: number };
  return row.total;
}

/**
 * Ids of the records of a kind whose PhilGEPS reference is `reference` now, or may have
 * been before (a history step changed it): the records whose releases may belong to that
 * contracting process.
 */
export function recordIdsWithReference(
  database: AppDatabase,
  kind: RecordKind,
  reference: string,
): number[] {
  const rows = statement(
    database,
    `ocds:${kind.collection}:by-reference`,
    () =>
      `SELECT id FROM ${kind.collection} WHERE trim(philgeps_reference) = :reference
       UNION SELECT record_id FROM record_history
       WHERE collection = '${kind.collection}' AND changes LIKE '%"philgeps_reference"%'`,
  ).all({ reference }) as { id: number }[];
  return rows.map((row) => row.id);
}

/**
 * The id of the Notice of Award posted by `date` under a PhilGEPS reference, the given
 * supplier's first, then the earliest: the award a Notice to Proceed follows.
 */
export function awardNoticeBefore(
  database: AppDatabase,
  reference: string,
  date: string,
  supplier: string | null,
): number | undefined {
  const row = statement(
    database,
    'ocds:award-of-contract',
    () =>
      `SELECT id FROM notice_of_awards WHERE trim(philgeps_reference) = ? AND created <= ?
       ORDER BY supplier IS ? DESC, created, id LIMIT 1`,
  ).get(reference, date, supplier) as { id: number } | undefined;
  return row?.id;
}

/** As awardNoticeBefore, within one procurement project rather than one PhilGEPS reference. */
export function projectAwardNoticeBefore(
  database: AppDatabase,
  projectId: number,
  date: string,
  supplier: string | null,
): number | undefined {
  const row = statement(
    database,
    'ocds:project-award-of-contract',
    () =>
      `SELECT a.id FROM notice_of_awards AS a JOIN procurement_project_notices AS n
         ON n.collection = 'notice_of_awards' AND n.record_id = a.id
       WHERE n.project_id = ? AND a.created <= ?
       ORDER BY a.supplier IS ? DESC, a.created, a.id LIMIT 1`,
  ).get(projectId, date, supplier) as { id: number } | undefined;
  return row?.id;
}
