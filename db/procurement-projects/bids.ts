import { recordAudit } from '../audit-log.ts';
import type { AppDatabase } from '../connection.ts';
import { formatDecimal } from '../../shared/money.ts';
import type { BidOutcome } from '../../shared/procurement-projects/bid.ts';
import { foldSupplierName } from '../../shared/suppliers/supplier-name.ts';
import { statement } from '../records/record-queries.ts';

// The abstract of bids of a project (migration 0028).

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
export function projectHasLcrb(database: AppDatabase, projectId: number): boolean {
  return (
    statement(
      database,
      'bids:has-lcrb',
      () => "SELECT 1 FROM project_bids WHERE project_id = ? AND outcome = 'lcrb'",
    ).get(projectId) !== undefined
  );
}

/**
 * Adds bids and one audit entry each, all in one transaction (the web form's one bid and the
 * CLI's whole file alike): all are stored or none. A second LCRB of a project fails the
 * unique index and so the whole transaction; callers check first to refuse it with a code.
 * Answers the new ids in order.
 */
export function addBids(
  database: AppDatabase,
  bids: readonly (NewBid & { projectKey: string | undefined })[],
  source: BidSource,
  now: Date,
): number[] {
  const created = now.toISOString();
  return database.sqlite
    .transaction(() =>
      bids.map(({ projectKey, ...bid }) => {
        const result = statement(
          database,
          'bids:insert',
          () =>
            `INSERT INTO project_bids
               (project_id, bidder, bidder_folded, amount, outcome, reason, created, actor)
             VALUES (:projectId, :bidder, :folded, :amount, :outcome, :reason, :created, :actor)`,
        ).run({ ...bid, folded: foldSupplierName(bid.bidder), created, actor: source.actor });
        // The project's `updated` feeds its ETag and the list's order, as an amendment's does.
        statement(
          database,
          'bids:touch',
          () => 'UPDATE procurement_projects SET updated = max(updated, ?) WHERE id = ?',
        ).run(created, bid.projectId);
        const id = Number(result.lastInsertRowid);
        recordAudit(database, {
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
        return id;
      }),
    )
    .immediate();
}

/** A project's bids as the abstract lists them: lowest amount first, then as entered. */
export function bidsOfProject(database: AppDatabase, projectId: number): BidRow[] {
  return statement(
    database,
    'bids:of-project',
    () =>
      `SELECT id, project_id, bidder, bidder_folded, amount, outcome, reason, created, actor
       FROM project_bids WHERE project_id = ? ORDER BY amount, id`,
  ).all(projectId) as BidRow[];
}

/** Every bid whose bidder folds to `folded`, with its project's key and title, newest first. */
export function bidsByFoldedBidder(
  database: AppDatabase,
  folded: string,
): (BidRow & { process_key: string; title: string })[] {
  return statement(
    database,
    'bids:by-bidder',
    () =>
      `SELECT b.id, b.project_id, b.bidder, b.bidder_folded, b.amount, b.outcome, b.reason,
              b.created, b.actor, p.process_key, p.title
       FROM project_bids b JOIN procurement_projects p ON p.id = b.project_id
       WHERE b.bidder_folded = ? ORDER BY b.created DESC, b.id DESC`,
  ).all(folded) as (BidRow & { process_key: string; title: string })[];
}
