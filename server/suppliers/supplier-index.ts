import type { SiteDatabase } from '../../db/site-database.ts';
import { currentDataVersion } from '../../db/data-version.ts';
import { publishedAwardNotices, type AwardNoticeRow } from '../../db/suppliers/award-notices.ts';
import { allBidders, type BidderRow } from '../../db/suppliers/bidders.ts';
import {
  supplierDecisions,
  type SupplierDecisions,
} from '../../db/suppliers/supplier-identities.ts';
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

export interface Supplier {
  id: string;
  /**
   * Its own folded name: the one its spellings fold to, or, when staff merged others into
   * it, the kept one's. Staff decisions (merges, the PhilGEPS number) are keyed by it.
   */
  key: string;
  /** Its PhilGEPS registration number when staff gave one (then its id). */
  registration: string | null;
  /** Newest first. */
  awards: Award[];
  centavos: number;
  /** Its names as the abstracts of bids spell them, newest first; empty when it never bid. */
  bidNames: string[];
  /** Every folded name that is this supplier: its bids are looked up by these. */
  folded: Set<string>;
  /** Each spelling's folded name, to tell the spellings staff merged in from its own. */
  foldOf: Map<string, string>;
  /** The spellings as supplierSearchText reads them, for the search. */
  searchText: string;
}

export interface SupplierIndex {
  /** Highest awarded value first. */
  ranked: Supplier[];
  byId: Map<string, Supplier>;
  /**
   * Ids that are no longer any supplier's, to the id that took their place: the slug of a
   * name staff merged into another, and the slug of a supplier now known by its PhilGEPS
   * number. Their addresses answer 301 to the new one.
   */
  movedTo: Map<string, string>;
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

/**
 * The suppliers of a set of published award notices and of the abstracts' bidders (both
 * oldest first), grouped by folded name. A bidder that never won is a supplier too, with no
 * award and nothing awarded, so it has a page and sorts after every supplier that won
 * (issue 34): the list stays "by awarded value" and holds every company that took part.
 */
export function buildSupplierIndex(
  notices: readonly AwardNoticeRow[],
  bidders: readonly BidderRow[] = [],
  decisions: SupplierDecisions = NO_DECISIONS,
): SupplierIndex {
  const byId = new Map<string, Supplier>();
  const movedTo = new Map<string, string>();
  const yearTotals = new Map<number, number>();
  const supplierOf = (folded: string, spelling: string): Supplier => {
    const key = keptName(decisions.merges, folded);
    const registration = decisions.registrations.get(key) ?? null;
    const id = supplierId(key, registration ?? undefined);
    let supplier = byId.get(id);
    if (!supplier) {
      supplier = {
        id,
        key,
        registration,
        awards: [],
        centavos: 0,
        bidNames: [],
        folded: new Set(),
        foldOf: new Map(),
        searchText: '',
      };
      byId.set(id, supplier);
    }
    if (!supplier.folded.has(folded)) {
      supplier.folded.add(folded);
      const slug = supplierId(folded);
      if (slug !== id) movedTo.set(slug, id);
    }
    supplier.foldOf.set(spelling.trim(), folded);
    return supplier;
  };
  // A supplier's notices mostly spell it the same few ways: each spelling is folded once.
  const foldedOf = new Map<string, string>();
  for (const notice of awardsOf(notices)) {
    let folded = foldedOf.get(notice.supplier);
    if (folded === undefined)
      foldedOf.set(notice.supplier, (folded = foldSupplierName(notice.supplier)));
    // The year of the notice's date in Manila, where the municipality's year runs.
    const year = manilaYear(notice.created);
    const centavos = notice.contract_amount ?? 0;
    yearTotals.set(year, (yearTotals.get(year) ?? 0) + centavos);
    const supplier = supplierOf(folded, notice.supplier);
    supplier.awards.push({ notice, year });
    supplier.centavos += centavos;
  }
  for (const { bidder, bidder_folded } of bidders) {
    supplierOf(bidder_folded, bidder).bidNames.push(bidder);
  }
  for (const supplier of byId.values()) {
    // The notices came oldest first: newest award (and spelling) first from here on.
    supplier.awards.reverse();
    supplier.bidNames = [...new Set(supplier.bidNames.reverse())];
    supplier.searchText = spellingsOf(supplier).map(supplierSearchText).join('\n');
  }
  const ranked = [...byId.values()].sort(
    (a, b) =>
      b.centavos - a.centavos ||
      b.awards.length - a.awards.length ||
      a.id.localeCompare(b.id, 'en'),
  );
  // A number staff replaced with another leads to the supplier's id now.
  for (const { folded, number } of decisions.formerRegistrations) {
    const key = keptName(decisions.merges, folded);
    const registration = decisions.registrations.get(key);
    const current = byId.get(supplierId(key, registration));
    const former = supplierId(key, number);
    if (current && former !== current.id) movedTo.set(former, current.id);
  }
  // A slug that is some supplier's own id stays that supplier's.
  for (const slug of movedTo.keys()) if (byId.has(slug)) movedTo.delete(slug);
  return { ranked, byId, movedTo, yearTotals };
}

const NO_DECISIONS: SupplierDecisions = {
  formerRegistrations: [],
  merges: new Map(),
  registrations: new Map(),
  dismissals: new Set(),
};

/** The folded name a name was merged into, following merges of merges (never round a loop). */
export function keptName(merges: ReadonlyMap<string, string>, folded: string): string {
  let name = folded;
  for (let step = 0; step < 20; step += 1) {
    const next = merges.get(name);
    if (next === undefined || next === folded) return name;
    name = next;
  }
  return name;
}

/** The supplier an id names, or the one that took its place (the id it moved to). */
export function resolveSupplier(index: SupplierIndex, id: string): Supplier | undefined {
  const moved = index.movedTo.get(id);
  return index.byId.get(id) ?? (moved === undefined ? undefined : index.byId.get(moved));
}

/**
 * Every spelling of a supplier's name, most recent first: those on its awards, then those
 * only its bids use.
 */
function spellingsOf(supplier: Supplier): string[] {
  return [
    ...new Set([
      ...supplier.awards.map(({ notice }) => notice.supplier.trim()),
      ...supplier.bidNames,
    ]),
  ];
}

function summaryOf(supplier: Supplier): SupplierSummary {
  return {
    id: supplier.id,
    // The newest award's spelling; a supplier that only bid, its newest bid's.
    name: supplier.awards[0]?.notice.supplier.trim() ?? supplier.bidNames[0]!,
    awards: supplier.awards.length,
    awardedValue: formatDecimal(supplier.centavos),
  };
}

/**
 * By the database's Kysely instance: a PostgreSQL site is a small object around it that a
 * caller may build again (the tests' engine.site() does), the database stays the same.
 */
const cached = new WeakMap<SiteDatabase['db'], { version: number; index: SupplierIndex }>();

/**
 * The index as the database holds it now, on either engine. Built again only when the data
 * version has moved (any write to a public table moves it, db/data-version.ts), so a list
 * page or API call reads only the version's one row while nothing changed. The version is
 * read before the tables: a write landing while the index is built leaves it under the older
 * version, so the next call builds again. Building it from 100,000 award notices (3,000
 * suppliers) took 215 ms warm on the development machine, from a few thousand a few ms; a
 * table kept by the writes is the next step if a municipality ever posts that many.
 */
export async function supplierIndex(database: SiteDatabase): Promise<SupplierIndex> {
  const version = await currentDataVersion(database);
  const held = cached.get(database.db);
  if (held?.version === version) return held.index;
  const index = buildSupplierIndex(
    await publishedAwardNotices(database),
    await allBidders(database),
    await supplierDecisions(database),
  );
  cached.set(database.db, { version, index });
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
 * per request (server/suppliers/supplier-detail.ts) rather than held in this index, and
 * without the red flags on its projects (server/red-flags/).
 */
export type SupplierAwards = Omit<SupplierDetail, 'bidsOn' | 'flags'> & {
  /** The folded names its bids are found by. */
  folded: string[];
};

/**
 * One supplier's awards; undefined for an id no published award or bid folds to. An id that
 * moved (a merged name's, or the slug of a supplier now known by its PhilGEPS number) gives
 * the supplier it moved to, whose `id` then differs from the one asked for.
 */
export function supplierDetail(index: SupplierIndex, id: string): SupplierAwards | undefined {
  const supplier = resolveSupplier(index, id);
  if (!supplier) return undefined;
  const spellings = spellingsOf(supplier);
  return {
    ...summaryOf(supplier),
    folded: [...supplier.folded],
    philgepsRegistration: supplier.registration,
    alsoWrittenAs: spellings.filter((spelling) => supplier.foldOf.get(spelling) !== supplier.key),
    spellings,
    awardsWon: supplier.awards.map(awardOf),
    years: yearsOf(supplier, index.yearTotals),
  };
}
