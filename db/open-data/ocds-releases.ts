import { sql, type RawBuilder } from 'kysely';
import { queryRows, type Query, type SiteDatabase } from '../site-database.ts';
import { recordKinds, type RecordKind } from '../../shared/record-kinds.ts';

// The queries the OCDS publication (server/open-data/) is built from, on either engine. Table
// names come from the registry, never from a request; values are always bound.

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
 * Release ids in code-unit order, as SQLite's BINARY collation compares them: PostgreSQL's
 * database collation may be a locale's, which orders `-` and `_` otherwise, and the feed's
 * cursor (date, release id) must mean the same on both engines.
 */
function binary(database: SiteDatabase): RawBuilder<unknown> {
  return sql.raw(database.engine === 'postgres' ? ' COLLATE "C"' : '');
}

/**
 * The releases a procurement project holds besides its notices' (issue 34), as rows with the
 * ids and dates server/open-data/ builds them with: the plan line's planning release
 * (ocds-planning.ts), the abstract of bids as one release dated at its latest bid
 * (ocds-bids.ts), and one per contract amendment and per completion statement
 * (ocds-contract-changes.ts). A row may name a release the server finds it cannot build (bids
 * or an amendment of a process with no notice or contract yet); it is then left out.
 */
const PROJECT_RELEASES = sql`
  SELECT 'procurement_projects' AS collection, id AS record_id, 1 AS version, created AS date,
    process_key || '-planning' AS release_id, process_key
  FROM procurement_projects WHERE app_year IS NOT NULL
  UNION ALL SELECT 'project_bids', p.id, count(*), max(b.created),
    'bids-' || p.id || '-' || count(*), p.process_key
  FROM project_bids AS b JOIN procurement_projects AS p ON p.id = b.project_id
  GROUP BY p.id, p.process_key
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
export async function releaseRowsFrom(
  database: SiteDatabase,
  { since, after }: { since?: string; after?: string },
  limit: number,
): Promise<ReleaseRow[]> {
  const from = since ?? '';
  const binaryOrder = binary(database);
  const query: Query<
    ReleaseRow
  > = () => sql`SELECT collection, record_id, version, date, release_id, process_key FROM (
      SELECT posted.*, collection || '-' || record_id || '-v' || version AS release_id,
        NULL AS process_key FROM (
        ${sql.join(
          recordKinds.map((kind) =>
            sql.raw(
              `SELECT '${kind.collection}' AS collection, id AS record_id, 1 AS version, created AS date FROM ${kind.collection}`,
            ),
          ),
          sql` UNION ALL `,
        )}
        UNION ALL SELECT collection, record_id, version, at AS date FROM record_history
      ) AS posted WHERE date >= ${from}
      UNION ALL SELECT * FROM (${PROJECT_RELEASES}) AS own WHERE date >= ${from}
    ) AS releases WHERE (date, release_id${binaryOrder}) > (${from}, ${after ?? ''}${binaryOrder})
    ORDER BY date, release_id${binaryOrder} LIMIT ${limit}`;
  return queryRows(database, query);
}

/** How many of the projects' own releases (PROJECT_RELEASES) are dated at or after `since`. */
export async function countProjectReleasesSince(
  database: SiteDatabase,
  since: string | undefined,
): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    database,
    () =>
      sql`SELECT count(*) AS total FROM (${PROJECT_RELEASES}) AS own WHERE date >= ${since ?? ''}`,
  );
  return Number(row!.total);
}

/** How many releases of one kind are dated at or after `since` (all of them without it). */
export async function countReleasesSince(
  database: SiteDatabase,
  kind: RecordKind,
  since: string | undefined,
): Promise<number> {
  const from = since ?? '';
  const [row] = await queryRows<{ total: number }>(
    database,
    () =>
      sql`SELECT (SELECT count(*) FROM ${sql.table(kind.collection)} WHERE created >= ${from})
        + (SELECT count(*) FROM record_history WHERE collection = ${kind.collection} AND at >= ${from}) AS total`,
  );
  return Number(row!.total);
}

/**
 * Ids of the records of a kind whose PhilGEPS reference is `reference` now, or may have
 * been before (a history step changed it): the records whose releases may belong to that
 * contracting process.
 */
export async function recordIdsWithReference(
  database: SiteDatabase,
  kind: RecordKind,
  reference: string,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    database,
    () =>
      sql`SELECT id FROM ${sql.table(kind.collection)} WHERE trim(philgeps_reference) = ${reference}
       UNION SELECT record_id FROM record_history
       WHERE collection = ${kind.collection} AND changes LIKE '%"philgeps_reference"%'`,
  );
  return rows.map((row) => row.id);
}

/**
 * The id of the Notice of Award posted by `date` under a PhilGEPS reference, the given
 * supplier's first, then the earliest: the award a Notice to Proceed follows.
 */
export async function awardNoticeBefore(
  database: SiteDatabase,
  reference: string,
  date: string,
  supplier: string | null,
): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    database,
    () =>
      sql`SELECT id FROM notice_of_awards WHERE trim(philgeps_reference) = ${reference} AND created <= ${date}
       ORDER BY supplier IS NOT DISTINCT FROM ${supplier} DESC, created, id LIMIT 1`,
  );
  return row?.id;
}

/**
 * As awardNoticeBefore, within one procurement project (by its process key) rather than one
 * PhilGEPS reference.
 */
export async function projectAwardNoticeBefore(
  database: SiteDatabase,
  processKey: string,
  date: string,
  supplier: string | null,
): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    database,
    () =>
      sql`SELECT a.id FROM notice_of_awards AS a JOIN procurement_project_notices AS n
         ON n.collection = 'notice_of_awards' AND n.record_id = a.id
       JOIN procurement_projects AS p ON p.id = n.project_id
       WHERE p.process_key = ${processKey} AND a.created <= ${date}
       ORDER BY a.supplier IS NOT DISTINCT FROM ${supplier} DESC, a.created, a.id LIMIT 1`,
  );
  return row?.id;
}
