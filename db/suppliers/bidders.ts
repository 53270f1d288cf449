import type { AppDatabase } from '../connection.ts';
import { statement } from '../records/record-queries.ts';

/** A bidder as a project's abstract of bids names it, for the supplier index. */
export interface BidderRow {
  bidder: string;
  /** The folded name stored beside it (migration 0028, shared/suppliers/supplier-name.ts). */
  bidder_folded: string;
  created: string;
}

/**
 * Every bid's bidder, oldest first: the supplier index lists each bidder as a supplier, so
 * one that never won an award still has a page (issue 34). Only names and times are read;
 * a supplier's page reads its bids themselves by folded name (db/procurement-projects/bids.ts).
 */
export function allBidders(database: AppDatabase): BidderRow[] {
  return statement(
    database,
    'suppliers:bidders',
    () => 'SELECT bidder, bidder_folded, created FROM project_bids ORDER BY created, id',
  ).all() as BidderRow[];
}
