import { sql } from 'kysely';
import { queryRows, type Query, type SiteDatabase } from '../site-database.ts';
import { kindByValue, recordKinds } from '../../shared/record-kinds.ts';
import { PUBLISHED } from '../records/record-search.ts';
import { AWARD_KINDS, type AwardNoticeRow } from '../suppliers/award-notices.ts';
import { hasField } from '../procurement-projects/project-notices.ts';

// What the red flags that compare projects read (issue 35), each in one query over the whole
// database: the flags are computed once per data version (server/red-flags/flags-across.ts),
// never per page view. Table names come from the registry, never from a request.
// Each is one query both engines read (issue 36).

/** A published award notice naming a supplier, with the project it belongs to. */
export interface ProjectAwardRow extends AwardNoticeRow {
  process_key: string;
  /** The project's mode of procurement, for a notice that states none. */
  project_mode: string | null;
}

/**
 * Every published (not withdrawn) notice of award and notice to proceed naming a supplier,
 * with its project, oldest first. A notice attached to no project (inserted raw) is left out:
 * a flag names projects. SVP and shopping notices have no supplier field in the registry, so
 * they cannot name a supplier and are not awards here.
 */
const awardNoticeRows: Query<ProjectAwardRow> = () =>
  sql<ProjectAwardRow>`${sql.raw(
    AWARD_KINDS.map(
      (kind) =>
        `SELECT '${kind.collection}' AS collection, r.id AS id, r.supplier AS supplier,
              r.project_title AS project_title, r.mode_of_procurement AS mode_of_procurement,
              r.philgeps_reference AS philgeps_reference, r.contract_amount AS contract_amount,
              r.created AS created,
              p.process_key, p.mode AS project_mode
       FROM ${kind.collection} AS r
       JOIN procurement_project_notices AS n ON n.collection = '${kind.collection}' AND n.record_id = r.id
       JOIN procurement_projects AS p ON p.id = n.project_id
       WHERE r.${PUBLISHED} AND trim(coalesce(r.supplier, '')) <> ''`,
    ).join(' UNION ALL '),
  )} ORDER BY created, id`;

export async function projectAwardNotices(database: SiteDatabase): Promise<ProjectAwardRow[]> {
  return queryRows(database, awardNoticeRows);
}

/** A failed bid of a project's abstract of bids: `amount` in integer centavos. */
export interface FailedBidRow {
  process_key: string;
  bidder: string;
  bidder_folded: string;
  amount: number;
  outcome: string;
}

/** Every bid the BAC found failed (a `failed-*` outcome), with its project. */
const failedBids: Query<FailedBidRow> = () =>
  sql<FailedBidRow>`SELECT p.process_key, b.bidder, b.bidder_folded, b.amount, b.outcome
    FROM project_bids AS b JOIN procurement_projects AS p ON p.id = b.project_id
    WHERE b.outcome LIKE 'failed-%' ORDER BY b.created, b.id`;

export async function failedBidRows(database: SiteDatabase): Promise<FailedBidRow[]> {
  return queryRows(database, failedBids);
}

const TWO_FAILED = kindByValue('two_failed_biddings')!.collection;

/** A published two-failed-biddings notice, with its project. */
export interface FailedBiddingRow {
  process_key: string;
  collection: string;
  id: number;
  created: string;
}

const failedBiddings: Query<FailedBiddingRow> = () =>
  sql<FailedBiddingRow>`SELECT p.process_key, ${TWO_FAILED} AS collection, r.id, r.created
    FROM ${sql.table(TWO_FAILED)} AS r
    JOIN procurement_project_notices AS n ON n.collection = ${TWO_FAILED} AND n.record_id = r.id
    JOIN procurement_projects AS p ON p.id = n.project_id
    WHERE r.${sql.raw(PUBLISHED)} ORDER BY r.created, r.id`;

export async function failedBiddingNotices(database: SiteDatabase): Promise<FailedBiddingRow[]> {
  return queryRows(database, failedBiddings);
}

/**
 * What links projects that are one procurement tried again: the same APP line (`app:<code>`)
 * or the same PhilGEPS reference on a published notice (`ref:<REFERENCE>`).
 */
const links: Query<{ process_key: string; link: string }> = () =>
  sql<{ process_key: string; link: string }>`SELECT process_key, 'app:' || trim(app_code) AS link
    FROM procurement_projects WHERE trim(coalesce(app_code, '')) <> ''
    UNION ${sql.raw(
      recordKinds
        .filter((kind) => hasField(kind, 'philgeps_reference'))
        .map(
          (kind) =>
            `SELECT p.process_key, 'ref:' || upper(trim(r.philgeps_reference)) FROM ${kind.collection} AS r
             JOIN procurement_project_notices AS n ON n.collection = '${kind.collection}' AND n.record_id = r.id
             JOIN procurement_projects AS p ON p.id = n.project_id
             WHERE r.${PUBLISHED} AND trim(coalesce(r.philgeps_reference, '')) <> ''`,
        )
        .join(' UNION '),
    )}`;

export async function projectLinks(
  database: SiteDatabase,
): Promise<{ process_key: string; link: string }[]> {
  return queryRows(database, links);
}

/** A project with when it began: its creation, or its first notice when that is earlier. */
export interface ProjectBeganRow {
  process_key: string;
  title: string;
  began: string;
}

/**
 * Every project with when it began, for the flags of a year. The earlier of its creation and
 * its first notice is a CASE, which both engines read (SQLite's scalar min() is PostgreSQL's
 * least()); a project without notices compares with NULL and keeps its creation.
 */
const began: Query<ProjectBeganRow> = () =>
  sql<ProjectBeganRow>`SELECT p.process_key, p.title,
      CASE WHEN min(notice.created) < p.created THEN min(notice.created) ELSE p.created END AS began
    FROM procurement_projects AS p
    LEFT JOIN procurement_project_notices AS n ON n.project_id = p.id
    LEFT JOIN (${sql.raw(
      recordKinds
        .map(
          (kind) =>
            `SELECT '${kind.collection}' AS collection, id, created FROM ${kind.collection}`,
        )
        .join(' UNION ALL '),
    )}) AS notice
      ON notice.collection = n.collection AND notice.id = n.record_id
    GROUP BY p.id ORDER BY p.process_key`;

export async function projectsBegan(database: SiteDatabase): Promise<ProjectBeganRow[]> {
  return queryRows(database, began);
}
