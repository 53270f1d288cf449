import type { RedFlagIndicator } from '../red-flags/red-flags.ts';
import type { BidOutcome } from '../procurement-projects/bid.ts';
import type { ListQuery } from '../records/list-query.ts';
import type { SupplierSuggestion } from './supplier-decisions.ts';

/**
 * Suppliers and what they were awarded, derived from the published notices of award and
 * notices to proceed (server/suppliers/supplier-index.ts says how awards are counted).
 * Amounts are decimal strings ("1234567.89") here, as everywhere at the edges.
 */

/** The public list of suppliers; each supplier's page is under it. */
export const SUPPLIERS_PATH = '/suppliers';

/** A supplier's page, e.g. /suppliers/nueva-esperanza-builders. */
export function supplierPath(id: string): string {
  return `${SUPPLIERS_PATH}/${encodeURIComponent(id)}`;
}

/** One row of the list. */
export interface SupplierSummary {
  id: string;
  /** The most recent spelling on a notice. */
  name: string;
  /** How many awards it won. */
  awards: number;
  /** The sum of the awards' contract amounts, pesos as a decimal string. */
  awardedValue: string;
}

/** One page of the list, highest awarded value first, as /api/records pages its lists. */
export interface SupplierPage {
  items: SupplierSummary[];
  page: number;
  pageSize: number;
  total: number;
}

/** One award a supplier won: the notice that records it. */
export interface SupplierAward {
  /** The notice's list (notice_of_awards, or notice_to_proceed when no notice of award was posted). */
  collection: string;
  id: number;
  projectTitle: string | null;
  /** The contract amount as a decimal string; null when the notice gives none. */
  amount: string | null;
  mode: string | null;
  philgepsReference: string | null;
  /** The supplier's name as this notice spells it. */
  supplierName: string;
  /** When the notice was posted: ISO 8601 UTC. */
  date: string;
}

/** A supplier's awards in one Manila calendar year, beside the municipality's. */
export interface SupplierYear {
  year: number;
  awards: number;
  awardedValue: string;
  /** Every supplier's awards that year together. */
  municipalityValue: string;
  /** awardedValue ÷ municipalityValue, 0 to 1 (4 decimals); null when the year's total is zero. */
  share: number | null;
}

/**
 * One bid a supplier made, from a project's abstract of bids: every bid whose bidder folds
 * to the supplier's name, won or lost, so a resident sees where it competed, not only where
 * it won.
 */
export interface SupplierBid {
  /** The project's OCID; its page is procurementPath(ocid). */
  ocid: string;
  projectTitle: string;
  /** The bidder's name as the abstract spells it. */
  bidder: string;
  /** The bid amount, pesos as a decimal string. */
  amount: string;
  /** What the BAC found of the bid: a code, which the page words. */
  outcome: BidOutcome;
  /** When the bid was entered: ISO 8601 UTC. */
  date: string;
}

/** A supplier's page and GET /api/suppliers/{id}. */
export interface SupplierDetail extends SupplierSummary {
  /** Every spelling seen on its notices, most recent first. */
  spellings: string[];
  /** The PhilGEPS registration number staff gave it (its id is then `philgeps-<number>`). */
  philgepsRegistration: string | null;
  /** The spellings of names staff merged into this supplier ("also written as"). */
  alsoWrittenAs: string[];
  /** Every award, newest first. */
  awardsWon: SupplierAward[];
  /** Its awards by year, newest year first. */
  years: SupplierYear[];
  /** Every bid it made on a project, newest first. */
  bidsOn: SupplierBid[];
  /** The red flags on the projects it was awarded (issue 35), one per project and indicator. */
  flags: SupplierFlag[];
}

/** A red flag on a project a supplier was awarded: which indicator, on which project. */
export interface SupplierFlag {
  indicator: RedFlagIndicator;
  /** The project's OCID; its page, with the flag's facts, is procurementPath(ocid). */
  ocid: string;
  projectTitle: string;
}

/** The suppliers' part of the public services (shared/app-services.ts). */
export interface SupplierServices {
  /** One page of suppliers, optionally searched by name (q); from and to are not used. */
  suppliers(query: ListQuery, signal?: AbortSignal): Promise<SupplierPage>;
  /** One supplier by id; undefined when no published award names it. */
  supplier(id: string, signal?: AbortSignal): Promise<SupplierDetail | undefined>;
  /**
   * Likely same company: the pairs staff may merge or dismiss (the staff page, whose loader
   * checks the BAC role first; the API answers only that role).
   */
  supplierSuggestions(signal?: AbortSignal): Promise<SupplierSuggestion[]>;
}
