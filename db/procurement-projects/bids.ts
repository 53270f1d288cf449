import { sql } from 'kysely';
import { writeAudit } from '../audit-log.ts';
import { queryRows, writeTransaction, type Query, type SiteDatabase } from '../site-database.ts';
import { formatDecimal } from '../../shared/money.ts';
import type { BidOutcome } from '../../shared/procurement-projects/bid.ts';
import { foldSupplierName } from '../../shared/suppliers/supplier-name.ts';
import { touchProject } from './project-updated.ts';

// The abstract of bids of a project (migration 0028), on either engine (issue 36).

/** A bid as stored: `amount` in integer centavos. */
export interface BidRow {
  id: number;
  project_id: number;
  bidder: string;
  bidder_folded: string;
  amount: number;
  outcome: BidOutcome;
  reason: string;
  created: string;
  actor: string;
}

export interface NewBid {
  projectId: number;
  bidder: string;
  amount: number;
  outcome: BidOutcome;
  reason: string;
}

/** Who added bids and from where: the audit entry's actor, address and extra detail. */
export interface BidSource {
  actor: string;
  /** The client's address for the web, null for the command line. */
  address: string | null;
  /** What else the audit entry says: the role used, or the file imported. */
  detail: Record<string, unknown>;
}

/** True when the project already has its lowest calculated responsive bid. */
export async function projectHasLcrb(database: SiteDatabase, projectId: number): Promise<boolean> {
  const rows = await queryRows(
    database,
    () =>
      sql`SELECT 1 AS one FROM project_bids WHERE project_id = ${projectId} AND outcome = 'lcrb'`,
  );
  return rows.length > 0;
}

/**
 * Adds bids and one audit entry each, all in one transaction (the web form's one bid and the
 * CLI's whole file alike): all are stored or none. A second LCRB of a project fails the
 * unique index and so the whole transaction; callers check first to refuse it with a code.
 * Answers the new ids in order.
 */
export async function addBids(
  database: SiteDatabase,
  bids: readonly (NewBid & { projectKey: string | undefined })[],
  source: BidSource,
  now: Date,
): Promise<number[]> {
  const created = now.toISOString();
  return writeTransaction(database, async (tx) => {
    const ids: number[] = [];
    for (const { projectKey, ...bid } of bids) {
      const { rows } = await sql<{ id: number }>`INSERT INTO project_bids
          (project_id, bidder, bidder_folded, amount, outcome, reason, created, actor)
        VALUES (${bid.projectId}, ${bid.bidder}, ${foldSupplierName(bid.bidder)}, ${bid.amount},
          ${bid.outcome}, ${bid.reason}, ${created}, ${source.actor})
        RETURNING id`.execute(tx.db);
      const id = rows[0]!.id;
      // The project's `updated` feeds its ETag and the list's order, as an amendment's does.
      await touchProject(tx, bid.projectId, created);
      await writeAudit(tx, {
        action: 'bid-added',
        actor: source.actor,
        address: source.address,
        detail: {
          project: projectKey,
          bid: id,
          bidder: bid.bidder,
          amount: formatDecimal(bid.amount),
          outcome: bid.outcome,
          reason: bid.reason,
          ...source.detail,
        },
      });
      ids.push(id);
    }
    return ids;
  });
}

const projectBidRows =
  (projectId: number): Query<BidRow> =>
  () =>
    sql<BidRow>`SELECT id, project_id, bidder, bidder_folded, amount, outcome, reason, created, actor
      FROM project_bids WHERE project_id = ${projectId} ORDER BY amount, id`;

/** A project's bids as the abstract lists them: lowest amount first, then as entered. */
export async function bidsOfProject(database: SiteDatabase, projectId: number): Promise<BidRow[]> {
  return queryRows(database, projectBidRows(projectId));
}

/** Every bid whose bidder folds to `folded`, with its project's key and title, newest first. */
export async function bidsByFoldedBidder(
  database: SiteDatabase,
  folded: string,
): Promise<(BidRow & { process_key: string; title: string })[]> {
  return queryRows(
    database,
    () => sql<BidRow & { process_key: string; title: string }>`SELECT b.id, b.project_id, b.bidder,
        b.bidder_folded, b.amount, b.outcome, b.reason, b.created, b.actor, p.process_key, p.title
      FROM project_bids b JOIN procurement_projects p ON p.id = b.project_id
      WHERE b.bidder_folded = ${folded} ORDER BY b.created DESC, b.id DESC`,
  );
}
