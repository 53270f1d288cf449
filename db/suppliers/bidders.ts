import { sql } from 'kysely';
import { queryRows, type Query, type SiteDatabase } from '../site-database.ts';

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
const bidderRows: Query<BidderRow> = () =>
  sql<BidderRow>`SELECT bidder, bidder_folded, created FROM project_bids ORDER BY created, id`;

export async function allBidders(database: SiteDatabase): Promise<BidderRow[]> {
  return queryRows(database, bidderRows);
}
