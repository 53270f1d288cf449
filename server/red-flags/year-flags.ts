import { manilaDate, manilaYear } from '../../shared/manila-time.ts';
import { formatDecimal, parseMoney } from '../../shared/money.ts';
import type {
  FailedBidFact,
  FailedBidderNegotiatedFlag,
  RedFlagsContent,
  SplitPurchaseFlag,
  SupplierConcentrationFlag,
} from '../../shared/red-flags/red-flags.ts';

export type { SplitPurchaseFlag, SupplierConcentrationFlag };

/** One award as the indicators across projects read it: who, how, how much, when. */
export interface AwardFact {
  /** The project (contracting process) it belongs to. */
  ocid: string;
  /** The notice: its collection and id (notice_of_awards-12, svp-4). */
  notice: string;
  /** The supplier's id, as /suppliers/<id> has it (names folded alike are one supplier). */
  supplierId: string;
  supplier: string;
  mode: string | null;
  /** A decimal string in pesos. */
  amount: string;
  /** When it was posted, ISO 8601 UTC. */
  date: string;
}

const centavosOf = (decimal: string): number => {
  const parsed = parseMoney(decimal);
  return parsed.ok ? parsed.centavos : 0;
};

const daysFromTo = (fromIso: string, toIso: string): number =>
  Math.round(
    (Date.parse(`${manilaDate(toIso)}T00:00:00Z`) -
      Date.parse(`${manilaDate(fromIso)}T00:00:00Z`)) /
      86_400_000,
  );

const modeKey = (mode: string | null) => mode?.trim().toLowerCase() ?? '';

function bySupplier(awards: readonly AwardFact[]): Map<string, AwardFact[]> {
  const groups = new Map<string, AwardFact[]>();
  for (const award of awards) {
    const group = groups.get(award.supplierId);
    if (group) group.push(award);
    else groups.set(award.supplierId, [award]);
  }
  return groups;
}

/**
 * Split purchases: for each supplier, its awards in the small-value modes, each below the
 * ceiling, that fall within the window (Manila calendar days from the first to the last, at
 * most `windowDays`) and together exceed the ceiling. Each flag is a longest such run: a
 * run inside a longer flagged one is not flagged again.
 */
export function splitPurchases(
  awards: readonly AwardFact[],
  content: RedFlagsContent,
): SplitPurchaseFlag[] {
  const { windowDays, ceiling, modes } = content.indicators['split-purchase'];
  const limit = centavosOf(ceiling);
  const small = new Set(modes.map(modeKey));
  const flags: SplitPurchaseFlag[] = [];
  for (const [supplierId, all] of bySupplier(awards)) {
    const eligible = all
      .filter((award) => small.has(modeKey(award.mode)) && centavosOf(award.amount) < limit)
      .sort((a, b) => a.date.localeCompare(b.date) || a.notice.localeCompare(b.notice));
    // starts[i]: the first award of the window that ends at award i.
    const starts: number[] = [];
    let start = 0;
    for (let end = 0; end < eligible.length; end += 1) {
      while (daysFromTo(eligible[start]!.date, eligible[end]!.date) > windowDays) start += 1;
      starts.push(start);
    }
    for (let end = 0; end < eligible.length; end += 1) {
      const first = starts[end]!;
      const run = eligible.slice(first, end + 1);
      const total = run.reduce((sum, award) => sum + centavosOf(award.amount), 0);
      const longer = end + 1 < eligible.length && starts[end + 1] === first;
      if (run.length < 2 || total <= limit || longer) continue;
      flags.push({
        indicator: 'split-purchase',
        facts: {
          supplierId,
          supplier: run.at(-1)!.supplier,
          awards: run.map(({ ocid, notice, amount, date }) => ({ ocid, notice, amount, date })),
          total: formatDecimal(total),
          ceiling: formatDecimal(limit),
          days: daysFromTo(run[0]!.date, run.at(-1)!.date),
          windowDays,
        },
      });
    }
  }
  return flags;
}

/**
 * Supplier concentration: for each Manila year and mode of procurement, a supplier whose
 * awards hold more than `sharePercent` of the value awarded in that mode that year.
 */
export function supplierConcentration(
  awards: readonly AwardFact[],
  content: RedFlagsContent,
): SupplierConcentrationFlag[] {
  const { sharePercent } = content.indicators['supplier-concentration'];
  const markets = new Map<string, { year: number; mode: string; awards: AwardFact[] }>();
  for (const award of awards) {
    if (!award.mode?.trim()) continue;
    const year = manilaYear(award.date);
    const key = `${year}\u0000${modeKey(award.mode)}`;
    const market = markets.get(key) ?? { year, mode: award.mode.trim(), awards: [] };
    market.awards.push(award);
    markets.set(key, market);
  }
  const flags: SupplierConcentrationFlag[] = [];
  for (const { year, mode, awards: inMarket } of markets.values()) {
    const total = inMarket.reduce((sum, award) => sum + centavosOf(award.amount), 0);
    if (total === 0) continue;
    for (const [supplierId, held] of bySupplier(inMarket)) {
      const value = held.reduce((sum, award) => sum + centavosOf(award.amount), 0);
      if (value * 100 <= sharePercent * total) continue;
      flags.push({
        indicator: 'supplier-concentration',
        facts: {
          year,
          mode,
          supplierId,
          supplier: held.at(-1)!.supplier,
          value: formatDecimal(value),
          total: formatDecimal(total),
          percent: Math.round((value * 1000) / total) / 10,
          threshold: sharePercent,
        },
      });
    }
  }
  return flags.sort(
    (a, b) => a.facts.year - b.facts.year || a.facts.mode.localeCompare(b.facts.mode),
  );
}

/** A failed bid as the failed-bidder indicator reads it: whose (by supplier id) and what. */
export interface FailedBid extends FailedBidFact {
  supplierId: string;
}

/** What a project's bidding history holds: its failed bids and two-failed-biddings notices. */
export interface BiddingHistory {
  failedBids: FailedBid[];
  notices: { ocid: string; notice: string; date: string }[];
}

/**
 * A failed bidder's negotiated award: an award whose mode is a negotiated one, in a project
 * that followed two failed biddings (a two-failed-biddings notice, or failed bids in its
 * abstract of bids), to a supplier whose own bid failed in them. `historyOf` gives a
 * project's history, the projects linked to it (same PhilGEPS reference or APP line)
 * included.
 */
export function failedBidderNegotiated(
  awards: readonly AwardFact[],
  historyOf: (ocid: string) => BiddingHistory,
  content: RedFlagsContent,
): FailedBidderNegotiatedFlag[] {
  const negotiated = new Set(content.indicators['failed-bidder-negotiated'].modes.map(modeKey));
  return awards.flatMap((award) => {
    if (!negotiated.has(modeKey(award.mode))) return [];
    const { failedBids, notices } = historyOf(award.ocid);
    const own = failedBids.filter((bid) => bid.supplierId === award.supplierId);
    if (own.length === 0) return [];
    const flag: FailedBidderNegotiatedFlag = {
      indicator: 'failed-bidder-negotiated',
      facts: {
        supplierId: award.supplierId,
        supplier: award.supplier,
        mode: award.mode!.trim(),
        award: { ocid: award.ocid, notice: award.notice, amount: award.amount, date: award.date },
        failedBids: own.map(({ ocid, bidder, amount, outcome }) => ({
          ocid,
          bidder,
          amount,
          outcome,
        })),
        notices,
      },
    };
    return [flag];
  });
}
