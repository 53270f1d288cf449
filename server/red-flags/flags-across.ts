import type { SiteDatabase } from '../../db/site-database.ts';
import { currentDataVersion } from '../../db/data-version.ts';
import {
  failedBiddingNotices,
  failedBidRows,
  projectAwardNotices,
  projectLinks,
  type ProjectAwardRow,
} from '../../db/red-flags/flag-facts.ts';
import { manilaYear } from '../../shared/manila-time.ts';
import { formatDecimal } from '../../shared/money.ts';
import {
  RED_FLAG_INDICATORS,
  type RedFlag,
  type RedFlagsContent,
} from '../../shared/red-flags/red-flags.ts';
import { foldSupplierName, supplierId } from '../../shared/suppliers/supplier-name.ts';
import { awardsOf, supplierIndex, type SupplierIndex } from '../suppliers/supplier-index.ts';
import {
  failedBidderNegotiated,
  splitPurchases,
  supplierConcentration,
  type AwardFact,
  type BiddingHistory,
  type FailedBid,
} from './year-flags.ts';

/** What the flags across projects need beside the database. */
export interface FlagsAcrossOptions {
  ocidPrefix: string;
  redFlags: RedFlagsContent;
}

/** The flags that compare projects, by the OCID of each project they name. */
export interface FlagsAcross {
  byOcid: Map<string, RedFlag[]>;
  /** The projects each supplier (by id) was awarded, for its page's flags. */
  projectsOfSupplier: Map<string, Set<string>>;
}

const modeKey = (mode: string) => mode.trim().toLowerCase();

/** A folded name's supplier id, as the supplier index gives it (merges and PhilGEPS ids included). */
function supplierIds(index: SupplierIndex): (folded: string) => string {
  const byFolded = new Map<string, string>();
  for (const supplier of index.byId.values()) {
    for (const folded of supplier.folded) byFolded.set(folded, supplier.id);
  }
  return (folded) => byFolded.get(folded) ?? supplierId(folded);
}

/**
 * The awards as the indicators read them: the awards the supplier index counts (notices of
 * award, and notices to proceed standing for an award), each with its supplier's id, its
 * project and its mode (the notice's, else its project's).
 */
function awardFacts(
  rows: readonly ProjectAwardRow[],
  idOf: (folded: string) => string,
  ocidPrefix: string,
): (AwardFact & { hasAmount: boolean })[] {
  return (awardsOf(rows) as ProjectAwardRow[]).map((row) => ({
    ocid: `${ocidPrefix}-${row.process_key}`,
    notice: `${row.collection}-${row.id}`,
    supplierId: idOf(foldSupplierName(row.supplier)),
    supplier: row.supplier.trim(),
    mode: row.mode_of_procurement?.trim() || row.project_mode?.trim() || null,
    amount: formatDecimal(row.contract_amount ?? 0),
    hasAmount: row.contract_amount !== null,
    date: row.created,
  }));
}

/**
 * Each project's bidding history with the projects linked to it (the same APP line or
 * PhilGEPS reference): one procurement tried again under a new project still counts.
 */
async function histories(
  database: SiteDatabase,
  idOf: (folded: string) => string,
  ocidPrefix: string,
): Promise<(ocid: string) => BiddingHistory> {
  const own = new Map<string, BiddingHistory>();
  const historyOf = (key: string) => {
    let history = own.get(key);
    if (!history) own.set(key, (history = { failedBids: [], notices: [] }));
    return history;
  };
  for (const bid of await failedBidRows(database)) {
    const failed: FailedBid = {
      ocid: `${ocidPrefix}-${bid.process_key}`,
      supplierId: idOf(bid.bidder_folded),
      bidder: bid.bidder,
      amount: formatDecimal(bid.amount),
      outcome: bid.outcome,
    };
    historyOf(bid.process_key).failedBids.push(failed);
  }
  for (const notice of await failedBiddingNotices(database)) {
    historyOf(notice.process_key).notices.push({
      ocid: `${ocidPrefix}-${notice.process_key}`,
      notice: `${notice.collection}-${notice.id}`,
      date: notice.created,
    });
  }
  const keysOfLink = new Map<string, Set<string>>();
  const linksOfKey = new Map<string, string[]>();
  for (const { process_key: key, link } of await projectLinks(database)) {
    const keys = keysOfLink.get(link) ?? new Set();
    keys.add(key);
    keysOfLink.set(link, keys);
    linksOfKey.set(key, [...(linksOfKey.get(key) ?? []), link]);
  }
  return (ocid) => {
    const key = ocid.slice(ocidPrefix.length + 1);
    const keys = new Set([key]);
    for (const link of linksOfKey.get(key) ?? []) {
      for (const linked of keysOfLink.get(link) ?? []) keys.add(linked);
    }
    const all = [...keys].sort().map((each) => own.get(each));
    return {
      failedBids: all.flatMap((history) => history?.failedBids ?? []),
      notices: all.flatMap((history) => history?.notices ?? []),
    };
  };
}

const order = (flag: RedFlag) => RED_FLAG_INDICATORS.indexOf(flag.indicator);

/** The flags in the order of the indicators' list (stable within one indicator). */
export function inIndicatorOrder(flags: readonly RedFlag[]): RedFlag[] {
  return [...flags].sort((a, b) => order(a) - order(b));
}

/** Computes the flags across projects from the database as it is now. */
export async function computeFlagsAcross(
  database: SiteDatabase,
  { ocidPrefix, redFlags }: FlagsAcrossOptions,
): Promise<FlagsAcross> {
  const idOf = supplierIds(await supplierIndex(database));
  const awards = awardFacts(await projectAwardNotices(database), idOf, ocidPrefix);
  const valued = awards.filter((award) => award.hasAmount);
  const byOcid = new Map<string, RedFlag[]>();
  const add = (ocid: string, flag: RedFlag) =>
    byOcid.set(ocid, [...(byOcid.get(ocid) ?? []), flag]);
  for (const flag of splitPurchases(valued, redFlags)) {
    for (const ocid of new Set(flag.facts.awards.map((award) => award.ocid))) add(ocid, flag);
  }
  for (const flag of supplierConcentration(valued, redFlags)) {
    const { supplierId: id, year, mode } = flag.facts;
    const named = valued.filter(
      (award) =>
        award.supplierId === id &&
        award.mode !== null &&
        modeKey(award.mode) === modeKey(mode) &&
        manilaYear(award.date) === year,
    );
    for (const ocid of new Set(named.map((award) => award.ocid))) add(ocid, flag);
  }
  // A project's award posted twice (a notice of award and a notice to proceed without a
  // shared reference) raises one flag, not two.
  const negotiated = new Set<string>();
  for (const flag of failedBidderNegotiated(
    awards,
    await histories(database, idOf, ocidPrefix),
    redFlags,
  )) {
    const key = `${flag.facts.award.ocid}\u0000${flag.facts.supplierId}`;
    if (negotiated.has(key)) continue;
    negotiated.add(key);
    add(flag.facts.award.ocid, flag);
  }
  const projectsOfSupplier = new Map<string, Set<string>>();
  for (const award of awards) {
    const held = projectsOfSupplier.get(award.supplierId) ?? new Set();
    held.add(award.ocid);
    projectsOfSupplier.set(award.supplierId, held);
  }
  for (const [ocid, flags] of byOcid) byOcid.set(ocid, inIndicatorOrder(flags));
  return { byOcid, projectsOfSupplier };
}

/** By the database's Kysely instance, as the supplier index is (supplier-index.ts). */
const cached = new WeakMap<
  SiteDatabase['db'],
  { version: number; options: FlagsAcrossOptions; flags: FlagsAcross }
>();

/**
 * The flags across projects, computed once per data version (and per content: a test or a
 * reload may change the thresholds), as the supplier index is: a page view reads only the
 * data version's row while nothing changed.
 */
export async function flagsAcross(
  database: SiteDatabase,
  options: FlagsAcrossOptions,
): Promise<FlagsAcross> {
  const version = await currentDataVersion(database);
  const held = cached.get(database.db);
  if (
    held?.version === version &&
    held.options.ocidPrefix === options.ocidPrefix &&
    held.options.redFlags === options.redFlags
  ) {
    return held.flags;
  }
  const flags = await computeFlagsAcross(database, options);
  cached.set(database.db, {
    version,
    options: { ocidPrefix: options.ocidPrefix, redFlags: options.redFlags },
    flags,
  });
  return flags;
}
