import type { AppDatabase } from '../../db/connection.ts';
import { bidsOfProject } from '../../db/procurement-projects/bids.ts';
import { formatDecimal } from '../../shared/money.ts';
import type { ProjectBid } from '../../shared/procurement-projects/bid.ts';

/** A project's abstract of bids as the page and the API show it: amounts as decimal strings. */
export async function projectBids(database: AppDatabase, projectId: number): Promise<ProjectBid[]> {
  return (await bidsOfProject(database, projectId)).map((row) => ({
    bidder: row.bidder,
    amount: formatDecimal(row.amount),
    outcome: row.outcome,
    reason: row.reason,
    created: row.created,
  }));
}
