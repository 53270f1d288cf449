/**
 * Red flags (issue 35): indicators computed from the site's own data that point at a
 * procurement worth a second look. Each is a reason to look, never a verdict; the facts
 * that raised it travel with it, so a reader can check them against the documents.
 * Thresholds and the legal basis of each live in content/red-flags.json.
 */
import type { LocalizedText } from '../i18n/localized-text.ts';

/** Every indicator, by the id the API, the CSV and content/red-flags.json use. */
export const RED_FLAG_INDICATORS = [
  'single-bidder',
  'bid-near-abc',
  'short-posting',
  'split-purchase',
  'all-but-winner-disqualified',
  'failed-bidder-negotiated',
  'contract-increase',
  'supplier-concentration',
  'impossible-dates',
] as const;
export type RedFlagIndicator = (typeof RED_FLAG_INDICATORS)[number];

/**
 * content/red-flags.json: each indicator's thresholds and `basis` (the rule or guidance it
 * follows, in plain words, with its source), so they change without code.
 */
export interface RedFlagsContent {
  /** The modes of procurement that are competitive bidding, as staff write them on notices. */
  competitiveModes: string[];
  indicators: {
    'single-bidder': { basis: LocalizedText };
    /** A winning bid at or above this share (percent) of the ABC raises the flag. */
    'bid-near-abc': { basis: LocalizedText; percentOfAbc: number };
    /** The fewest calendar days (Manila) from posting to bid opening. */
    'short-posting': { basis: LocalizedText; minimumDays: number };
    /** `ceiling`: the small value procurement ceiling, a decimal string in pesos. */
    'split-purchase': {
      basis: LocalizedText;
      windowDays: number;
      ceiling: string;
      modes: string[];
    };
    'all-but-winner-disqualified': { basis: LocalizedText };
    'failed-bidder-negotiated': { basis: LocalizedText; modes: string[] };
    /**
     * Amendments raising the contract by more than `totalIncreasePercent` in total raise the
     * flag, and so do two amendments dated at most `windowDays` apart.
     */
    'contract-increase': {
      basis: LocalizedText;
      totalIncreasePercent: number;
      windowDays: number;
    };
    'supplier-concentration': { basis: LocalizedText; sharePercent: number };
    'impossible-dates': { basis: LocalizedText };
  };
}

/** Two dates out of order: which pair, and the two dates (ISO 8601 UTC, or a Manila day). */
export type ImpossibleDates =
  'award-before-bid-opening' | 'contract-before-award' | 'completion-before-contract';

/** A raised flag with the facts that raised it. Amounts are decimal strings in pesos. */
export type RedFlag =
  | {
      indicator: 'single-bidder';
      facts: { mode: string; bidders: number; responsive: number };
    }
  | {
      indicator: 'bid-near-abc';
      facts: { winningBid: string; abc: string; percent: number; threshold: number };
    }
  | {
      indicator: 'short-posting';
      facts: { posted: string; bidOpening: string; days: number; minimumDays: number };
    }
  | {
      indicator: 'all-but-winner-disqualified';
      facts: { bidders: number; failed: number; lowestBidFailed: boolean };
    }
  | {
      indicator: 'contract-increase';
      facts: {
        original: string;
        current: string;
        percent: number;
        threshold: number;
        amendments: number;
        /** The shortest gap in days between two amendments; null with fewer than two. */
        closestDays: number | null;
        windowDays: number;
      };
    }
  | {
      indicator: 'impossible-dates';
      facts: { problem: ImpossibleDates; earlier: string; later: string };
    }
  | SplitPurchaseFlag
  | SupplierConcentrationFlag
  | FailedBidderNegotiatedFlag;

/** One award a flag across projects names: its project, notice, amount and date. */
export interface FlaggedAward {
  /** The project (contracting process) it belongs to. */
  ocid: string;
  /** The notice: its collection and id (notice_of_awards-12). */
  notice: string;
  /** A decimal string in pesos. */
  amount: string;
  /** When it was posted, ISO 8601 UTC. */
  date: string;
}

/** Awards of one supplier, under the SVP ceiling each, that together exceed it within the window. */
export interface SplitPurchaseFlag {
  indicator: 'split-purchase';
  facts: {
    supplierId: string;
    supplier: string;
    awards: FlaggedAward[];
    total: string;
    ceiling: string;
    /** Manila calendar days from the first award to the last. */
    days: number;
    windowDays: number;
  };
}

/** One supplier holding more than a share of a year's awarded value in one mode. */
export interface SupplierConcentrationFlag {
  indicator: 'supplier-concentration';
  facts: {
    year: number;
    mode: string;
    supplierId: string;
    supplier: string;
    value: string;
    total: string;
    percent: number;
    threshold: number;
  };
}

/** A bid that failed, as the failed-bidder flag cites it. */
export interface FailedBidFact {
  /** The project whose abstract of bids holds it. */
  ocid: string;
  bidder: string;
  /** A decimal string in pesos. */
  amount: string;
  /** The BAC's finding: a `failed-*` outcome code. */
  outcome: string;
}

/**
 * A negotiated award, after two failed biddings, to a supplier that failed in them: the
 * award, the failed bids (the winner's among them) and the notices declaring the failures.
 */
export interface FailedBidderNegotiatedFlag {
  indicator: 'failed-bidder-negotiated';
  facts: {
    supplierId: string;
    supplier: string;
    mode: string;
    award: FlaggedAward;
    /** The winner's own failed bids. */
    failedBids: FailedBidFact[];
    /** The two-failed-biddings notices of the project (or projects linked to it). */
    notices: { ocid: string; notice: string; date: string }[];
  };
}

/**
 * The BAC's answer to one flag on one project (issue 35), shown publicly beside the flag
 * with its date. A correction is a new wording; the earlier ones stay in `history`.
 */
export interface RedFlagAnswer {
  text: string;
  /** When this wording was given, ISO 8601 UTC. */
  answered: string;
  /** Earlier wordings, newest first. */
  history: { text: string; answered: string }[];
}

/**
 * One flag on one project, as `/red-flags`, `GET /api/red-flags` and its CSV list it. A flag
 * that spans projects (split purchases, supplier concentration) is listed once on each
 * project it names, with the same facts.
 */
export interface RedFlagItem {
  indicator: RedFlagIndicator;
  ocid: string;
  /** The project's title, as its page heads it. */
  title: string;
  facts: Record<string, unknown>;
  answer: RedFlagAnswer | null;
}

/** Flags of one Manila year (the year each project began), for `/red-flags` and its API. */
export interface RedFlagsOfYear {
  year: number;
  /** Years that have any project, newest first: the page's year choice. */
  years: number[];
  /** Projects flagged per indicator this year (every indicator present, 0 when none). */
  counts: Record<RedFlagIndicator, number>;
  /** Number of items. */
  total: number;
  items: RedFlagItem[];
}

// The pages' and API's paths, in a module of their own so the route table's chunk holds
// them without this module's lists.
export {
  RED_FLAGS_API_PATH,
  RED_FLAGS_METHODOLOGY_PATH,
  RED_FLAGS_PATH,
} from './red-flag-paths.ts';

/** The red flags' part of the public services (shared/app-services.ts). */
export interface RedFlagServices {
  /** A year's flags; without a year, the newest year that has a project. */
  redFlags(year: number | undefined, signal?: AbortSignal): Promise<RedFlagsOfYear>;
}
