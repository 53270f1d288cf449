/**
 * What `/full-disclosure.json`, the `/full-disclosure` page and a posting's permalink show:
 * every document type of a year with each period's state. Times are ISO 8601 UTC, deadlines
 * Manila days (YYYY-MM-DD); URLs are absolute from SITE_URL when it is set.
 */
import type { DisclosureDocumentType, DisclosureState, Quarter } from './full-disclosure.ts';
import type { LocalizedObject } from '../i18n/localized-text.ts';

/**
 * A document type as the JSON gives it: `name` and `basis` are content text as
 * content/full-disclosure.json writes them, `{ "en": ..., "fil": ... }` (no `fil` where the
 * municipality wrote none), so the Filipino pages, whose browser loaders read this JSON,
 * show the Filipino. The CSV and the Atom feed, which have no language, give the English.
 */
export interface DisclosureTypeData extends Omit<DisclosureDocumentType, 'name' | 'basis'> {
  name: LocalizedObject;
  basis: LocalizedObject;
}

/** A file as posted: where to get it and how to check it is the one posted. */
export interface DisclosureDocument {
  url: string;
  fileName: string;
  mediaType: string;
  bytes: number;
  sha256: string;
  postedAt: string;
  /** 1 for the first file of the posting, one more for each correction. */
  version: number;
}

/** One period of one document type. */
export interface DisclosureCell {
  year: number;
  quarter: Quarter | null;
  /** "FY 2025" or "Q1 2025". */
  period: string;
  state: DisclosureState;
  /** The instant the period ends (Manila midnight after its last day). */
  periodEnds: string;
  /** The last Manila day to post on. */
  deadline: string;
  /** The instant a missing document becomes overdue. */
  overdueFrom: string;
  /** The posting's page; null while nothing is posted. */
  permalink: string | null;
  document: DisclosureDocument | null;
}

export interface DisclosureRow extends DisclosureTypeData {
  cells: DisclosureCell[];
}

export interface DisclosureGrid {
  year: number;
  /** The fiscal year running in Manila when the grid was made. */
  currentYear: number;
  /**
   * The Manila day (YYYY-MM-DD) the states hold for: they change only at Manila midnight,
   * so a grid is the same all day until a posting changes it.
   */
  asOf: string;
  /** Years a visitor may pick: those with postings and the last few. */
  years: number[];
  counts: Record<DisclosureState, number>;
  types: DisclosureRow[];
}

/** An earlier or the current file of a posting, with why it replaced the one before. */
export interface DisclosureHistoryEntry extends DisclosureDocument {
  reason: string | null;
}

/** A posting's permanent page: the type, the period with the file it shows, and every file. */
export interface DisclosurePosting {
  type: DisclosureTypeData;
  cell: DisclosureCell & { permalink: string; document: DisclosureDocument };
  history: DisclosureHistoryEntry[];
}
