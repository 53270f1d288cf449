import type { AppDatabase } from '../../db/connection.ts';
import { bidsByFoldedBidder } from '../../db/procurement-projects/bids.ts';
import { formatDecimal } from '../../shared/money.ts';
import { foldSupplierName } from '../../shared/suppliers/supplier-name.ts';
import type { SupplierBid, SupplierDetail } from '../../shared/suppliers/suppliers.ts';
import { supplierDetail, supplierIndex } from './supplier-index.ts';

/**
 * Every bid made under any of a supplier's spellings, newest first. The abstract stores each
 * bidder's folded name (migration 0028), so each distinct fold is one indexed look-up; the
 * spellings of one supplier fold alike, but a set keeps this right should they not.
 */
export function supplierBids(
  database: AppDatabase,
  spellings: readonly string[],
  ocidPrefix: string,
): SupplierBid[] {
  return [...new Set(spellings.map(foldSupplierName))]
    .flatMap((folded) => bidsByFoldedBidder(database, folded))
    .sort((a, b) => (a.created === b.created ? b.id - a.id : a.created < b.created ? 1 : -1))
    .map((row) => ({
      ocid: `${ocidPrefix}-${row.process_key}`,
      projectTitle: row.title,
      bidder: row.bidder,
      amount: formatDecimal(row.amount),
      outcome: row.outcome,
      date: row.created,
    }));
}

/**
 * A supplier's page and GET /api/suppliers/{id}: its awards from the cached index, its bids
 * from the abstract of bids. Undefined for an id no published award folds to: a bidder that
 * never won has no supplier page yet, as the list counts awards (issue 34).
 */
export function supplierWithBids(
  database: AppDatabase,
  id: string,
  ocidPrefix: string,
): SupplierDetail | undefined {
  const supplier = supplierDetail(supplierIndex(database), id);
  return (
    supplier && { ...supplier, bidsOn: supplierBids(database, supplier.spellings, ocidPrefix) }
  );
}
