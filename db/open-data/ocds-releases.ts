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
  /** `<collection>-<record id>-v<version>`. */
  release_id: string;
}

/**
 * Every release as a row: version 1 of each record at its posting time, and each history
 * step at its time, in (date, release id) order from `since` on and after the release
 * `after`. Withdrawn records are included: their withdrawal is a release too.
 */
export function releaseRowsFrom(
  database: AppDatabase,
  { since, after }: { since?: string; after?: string },
  limit: number,
): ReleaseRow[] {
  return statement(
    database,
    'ocds:releases',
    () => `SELECT collection, record_id, version, date, release_id FROM (
      SELECT *, collection || '-' || record_id || '-v' || version AS release_id FROM (
        ${recordKinds
          .map(
            (kind) =>
              `SELECT '${kind.collection}' AS collection, id AS record_id, 1 AS version, created AS date FROM ${kind.collection}`,
          )
          .join(' UNION ALL ')}
        UNION ALL SELECT collection, record_id, version, at AS date FROM record_history
      ) WHERE date >= :since
    ) WHERE (date, release_id) > (:since, :after)
    ORDER BY date, release_id LIMIT :limit`,
  ).all({ since: since ?? '', after: after ?? '', limit }) as ReleaseRow[];
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
