import type { AppDatabase } from '../../db/connection.ts';
import { readDataVersion } from '../../db/data-version.ts';
import { publishedAwardNotices, type AwardNoticeRow } from '../../db/suppliers/award-notices.ts';
import { manilaYear } from '../../shared/manila-time.ts';
import { formatDecimal } from '../../shared/money.ts';
import { kindByValue } from '../../shared/record-kinds.ts';
import { PAGE_SIZE, type ListQuery } from '../../shared/records/list-query.ts';
import {
  foldSupplierName,
  supplierId,
  supplierSearchText,
} from '../../shared/suppliers/supplier-name.ts';
import type {
  SupplierAward,
  SupplierDetail,
  SupplierPage,
  SupplierSummary,
  SupplierYear,
} from '../../shared/suppliers/suppliers.ts';

const NOTICE_OF_AWARD = kindByValue('notice_of_award')!.collection;

/** One award as the index adds it up: its notice and the Manila year it counts in. */
interface Award {
  notice: AwardNoticeRow;
  year: number;
}

interface Supplier {
  id: string;
  /** Newest first. */
  awards: Award[];
  centavos: number;
  /** The spellings as supplierSearchText reads them, for the search. */
  searchText: string;
}

export interface SupplierIndex {
  /** Highest awarded value first. */
  ranked: Supplier[];
  byId: Map<string, Supplier>;
  /** Every supplier's awards together, by Manila year. */
  yearTotals: Map<number, number>;
}

const normalisedReference = (reference: string | null) => reference?.trim().toUpperCase() ?? '';

/**
 * How awards are counted. An award is a published notice of award naming a supplier. A
 * notice to proceed orders work under an award already made, so when a published notice of
 * award with the same PhilGEPS reference exists, the notice to proceed is that award again
 * and is not counted. A notice to proceed without one (no reference given, or its notice of
 * award never posted here) is the only record of its award, and counts as it, so no
 * contract goes missing from a supplier's total. Withdrawn notices count for nothing.
 */
export function awardsOf(notices: readonly AwardNoticeRow[]): AwardNoticeRow[] {
  const awarded = new Set(
    notices
      .filter((notice) => notice.collection === NOTICE_OF_AWARD)
      .map((notice) => normalisedReference(notice.philgeps_reference))
      .filter((reference) => reference !== ''),
  );
  return notices.filter(
    (notice) =>
      notice.collection === NOTICE_OF_AWARD ||
      !awarded.has(normalisedReference(notice.philgeps_reference)),
  );
}

/** The suppliers of a set of published award notices (oldest first), grouped by folded name. */
export function buildSupplierIndex(notices: readonly AwardNoticeRow[]): SupplierIndex {
  const byId = new Map<string, Supplier>();
  const yearTotals = new Map<number, number>();
  // A supplier's notices mostly spell it the same few ways: each spelling is folded once.
  const idOf = new Map<string, string>();
  for (const notice of awardsOf(notices)) {
    let id = idOf.get(notice.supplier);
    if (id === undefined)
      idOf.set(notice.supplier, (id = supplierId(foldSupplierName(notice.supplier))));
    // The year of the notice's date in Manila, where the municipality's year runs.
    const year = manilaYear(notice.created);
    const centavos = notice.contract_amount ?? 0;
    yearTotals.set(year, (yearTotals.get(year) ?? 0) + centavos);
    let supplier = byId.get(id);
    if (!supplier) byId.set(id, (supplier = { id, awards: [], centavos: 0, searchText: '' }));
    supplier.awards.push({ notice, year });
    supplier.centavos += centavos;
  }
  for (const supplier of byId.values()) {
    // The notices came oldest first: newest award (and spelling) first from here on.
    supplier.awards.reverse();
    supplier.searchText = spellingsOf(supplier).map(supplierSearchText).join('\n');
  }
  const ranked = [...byId.values()].sort(
    (a, b) =>
      b.centavos - a.centavos ||
      b.awards.length - a.awards.length ||
      a.id.localeCompare(b.id, 'en'),
  );
  return { ranked, byId, yearTotals };
}

/** Every spelling of a supplier's name on its awards, most recent first. */
function spellingsOf(supplier: Supplier): string[] {
  return [...new Set(supplier.awards.map(({ notice }) => notice.supplier.trim()))];
}

function summaryOf(supplier: Supplier): SupplierSummary {
  return {
    id: supplier.id,
    name: supplier.awards[0]!.notice.supplier.trim(),
    awards: supplier.awards.length,
    awardedValue: formatDecimal(supplier.centavos),
  };
}

const cached = new WeakMap<AppDatabase, { version: number; index: SupplierIndex }>();

/**
 * The index as the database holds it now. Built again only when the data version has moved
 * (any write to a public table moves it, db/data-version.ts), so a list page or API call
 * reads no table while nothing changed. Building it from 100,000 award notices (3,000
 * suppliers) took 215 ms warm on the development machine, from a few thousand a few ms; a
 * table kept by the writes is the next step if a municipality ever posts that many.
 */
export function supplierIndex(database: AppDatabase): SupplierIndex {
  const version = readDataVersion(database);
  const held = cached.get(database);
  if (held?.version === version) return held.index;
  const index = buildSupplierIndex(publishedAwardNotices(database));
  cached.set(database, { version, index });
  return index;
}

/** Every supplier whose name, as any notice spells it, holds the search text. */
export function matchingSuppliers(index: SupplierIndex, q: string): Supplier[] {
  const text = supplierSearchText(q);
  return text === ''
    ? index.ranked
    : index.ranked.filter((supplier) => supplier.searchText.includes(text));
}

/** Every matching supplier, as the list and its download show each. */
export function supplierSummaries(index: SupplierIndex, q: string): SupplierSummary[] {
  return matchingSuppliers(index, q).map(summaryOf);
}

/** One page of the list. */
export function supplierPage(index: SupplierIndex, { q, page }: ListQuery): SupplierPage {
  const matches = matchingSuppliers(index, q);
  const offset = (page - 1) * PAGE_SIZE;
  return {
    items: matches.slice(offset, offset + PAGE_SIZE).map(summaryOf),
    page,
    pageSize: PAGE_SIZE,
    total: matches.length,
  };
}

function awardOf({ notice }: Award): SupplierAward {
  return {
    collection: notice.collection,
    id: notice.id,
    projectTitle: notice.project_title,
    amount: notice.contract_amount === null ? null : formatDecimal(notice.contract_amount),
    mode: notice.mode_of_procurement,
    philgepsReference: notice.philgeps_reference,
    supplierName: notice.supplier.trim(),
    date: notice.created,
  };
}

/** Four decimals of a share: 0.1234 is 12.34%. */
const SHARE_PRECISION = 10_000;

function yearsOf(supplier: Supplier, yearTotals: Map<number, number>): SupplierYear[] {
  const years = new Map<number, { awards: number; centavos: number }>();
  for (const { year, notice } of supplier.awards) {
    const held = years.get(year) ?? { awards: 0, centavos: 0 };
    years.set(year, {
      awards: held.awards + 1,
      centavos: held.centavos + (notice.contract_amount ?? 0),
    });
  }
  return [...years]
    .sort(([a], [b]) => b - a)
    .map(([year, { awards, centavos }]) => {
      const total = yearTotals.get(year) ?? 0;
      return {
        year,
        awards,
        awardedValue: formatDecimal(centavos),
        municipalityValue: formatDecimal(total),
        share:
          total === 0 ? null : Math.round((centavos / total) * SHARE_PRECISION) / SHARE_PRECISION,
      };
    });
}

/**
 * A supplier's awards: its page without the bids, which are read from the abstract of bids
 * per request (server/suppliers/supplier-detail.ts) rather than held in this index.
 */
export type SupplierAwards = Omit<SupplierDetail, 'bidsOn'>;

/** One supplier's awards; undefined for an id no published award folds to. */
export function supplierDetail(index: SupplierIndex, id: string): SupplierAwards | undefined {
  const supplier = index.byId.get(id);
  if (!supplier) return undefined;
  return {
    ...summaryOf(supplier),
    spellings: spellingsOf(supplier),
    awardsWon: supplier.awards.map(awardOf),
    years: yearsOf(supplier, index.yearTotals),
  };
}
