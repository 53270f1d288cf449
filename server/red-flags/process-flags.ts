import { manilaDate } from '../../shared/manila-time.ts';
import { formatDecimal, parseMoney } from '../../shared/money.ts';
import type { ProjectBid } from '../../shared/procurement-projects/bid.ts';
import type { ProcurementProjectDetail } from '../../shared/procurement-projects/procurement-project.ts';
import type { RedFlag, RedFlagsContent } from '../../shared/red-flags/red-flags.ts';

/** What the indicators of one project read: the project as its page shows it, flags aside. */
export type FlaggedProject = Omit<ProcurementProjectDetail, 'flags'>;

const centavos = (decimal: string | null): number | null => {
  if (decimal === null) return null;
  const parsed = parseMoney(decimal);
  return parsed.ok ? parsed.centavos : null;
};

/** Whole calendar days between two Manila days (YYYY-MM-DD). */
const daysFromTo = (fromDay: string, toDay: string): number =>
  Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / 86_400_000);

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

const sameMode = (modes: readonly string[], mode: string | null) =>
  mode !== null && modes.some((each) => each.trim().toLowerCase() === mode.trim().toLowerCase());

const passed = (bid: ProjectBid) => bid.outcome === 'lcrb' || bid.outcome === 'responsive';
const failed = (bid: ProjectBid) => bid.outcome.startsWith('failed-');

/** One bidder, or one responsive bid, in competitive bidding. */
function singleBidder(project: FlaggedProject, content: RedFlagsContent): RedFlag[] {
  if (!sameMode(content.competitiveModes, project.mode) || project.bids.length === 0) return [];
  const responsive = project.bids.filter(passed).length;
  if (project.bids.length > 1 && responsive !== 1) return [];
  return [
    {
      indicator: 'single-bidder',
      facts: { mode: project.mode!, bidders: project.bids.length, responsive },
    },
  ];
}

/** The winning bid (the LCRB's amount, else the award's) at or above a share of the ABC. */
function bidNearAbc(project: FlaggedProject, content: RedFlagsContent): RedFlag[] {
  const { percentOfAbc } = content.indicators['bid-near-abc'];
  const abc = centavos(project.abc);
  const winning = centavos(
    project.bids.find((bid) => bid.outcome === 'lcrb')?.amount ?? project.awardAmount,
  );
  if (abc === null || abc === 0 || winning === null) return [];
  if (winning * 100 < percentOfAbc * abc) return [];
  return [
    {
      indicator: 'bid-near-abc',
      facts: {
        winningBid: formatDecimal(winning),
        abc: formatDecimal(abc),
        percent: oneDecimal((winning * 100) / abc),
        threshold: percentOfAbc,
      },
    },
  ];
}

/** Fewer calendar days (Manila) from the first tender notice to bid opening than the minimum. */
function shortPosting(project: FlaggedProject, content: RedFlagsContent): RedFlag[] {
  const { minimumDays } = content.indicators['short-posting'];
  const { posted, bidOpening } = project.dates;
  if (!posted || !bidOpening) return [];
  const days = daysFromTo(manilaDate(posted), manilaDate(bidOpening));
  if (days >= minimumDays) return [];
  return [{ indicator: 'short-posting', facts: { posted, bidOpening, days, minimumDays } }];
}

/** Every bidder but the winner failed, or the lowest bid was disqualified. */
function allButWinnerDisqualified(project: FlaggedProject): RedFlag[] {
  const { bids } = project;
  if (bids.length < 2 || !bids.some((bid) => bid.outcome === 'lcrb')) return [];
  const failures = bids.filter(failed).length;
  const lowest = [...bids].sort(
    (a, b) => (centavos(a.amount) ?? 0) - (centavos(b.amount) ?? 0),
  )[0]!;
  const lowestBidFailed = failed(lowest);
  if (failures < bids.length - 1 && !lowestBidFailed) return [];
  return [
    {
      indicator: 'all-but-winner-disqualified',
      facts: { bidders: bids.length, failed: failures, lowestBidFailed },
    },
  ];
}

/** Amendments raising the contract by more than a share in total, or two close together. */
function contractIncrease(project: FlaggedProject, content: RedFlagsContent): RedFlag[] {
  const { totalIncreasePercent, windowDays } = content.indicators['contract-increase'];
  const { amendments } = project;
  const original = centavos(amendments[0]?.previousAmount ?? null);
  const current = centavos(amendments.at(-1)?.amount ?? null);
  if (original === null || current === null || original === 0) return [];
  const days = amendments
    .map((amendment) => amendment.date)
    .sort()
    .flatMap((day, index, sorted) => (index === 0 ? [] : [daysFromTo(sorted[index - 1]!, day)]));
  const closestDays = days.length === 0 ? null : Math.min(...days);
  const tooMuch = (current - original) * 100 > totalIncreasePercent * original;
  const tooClose = closestDays !== null && closestDays <= windowDays;
  if (!tooMuch && !tooClose) return [];
  return [
    {
      indicator: 'contract-increase',
      facts: {
        original: formatDecimal(original),
        current: formatDecimal(current),
        percent: oneDecimal(((current - original) * 100) / original),
        threshold: totalIncreasePercent,
        amendments: amendments.length,
        closestDays,
        windowDays,
      },
    },
  ];
}

/** An award before the bid opening, a contract before its award, a completion before its contract. */
function impossibleDates(project: FlaggedProject): RedFlag[] {
  const { bidOpening, award, noticeToProceed, completion } = project.dates;
  const flags: RedFlag[] = [];
  if (bidOpening && award && award < bidOpening) {
    flags.push({
      indicator: 'impossible-dates',
      facts: { problem: 'award-before-bid-opening', earlier: award, later: bidOpening },
    });
  }
  if (award && noticeToProceed && noticeToProceed < award) {
    flags.push({
      indicator: 'impossible-dates',
      facts: { problem: 'contract-before-award', earlier: noticeToProceed, later: award },
    });
  }
  if (noticeToProceed && completion && completion < manilaDate(noticeToProceed)) {
    flags.push({
      indicator: 'impossible-dates',
      facts: { problem: 'completion-before-contract', earlier: completion, later: noticeToProceed },
    });
  }
  return flags;
}

/**
 * The flags one project raises on its own data, in the order of the indicators' list. The
 * indicators that compare projects (split purchases, a failed bidder's negotiated award,
 * a supplier's share) are computed over every award at once (flags-across.ts), not here.
 */
export function projectFlags(project: FlaggedProject, content: RedFlagsContent): RedFlag[] {
  return [
    ...singleBidder(project, content),
    ...bidNearAbc(project, content),
    ...shortPosting(project, content),
    ...allButWinnerDisqualified(project),
    ...contractIncrease(project, content),
    ...impossibleDates(project),
  ];
}
