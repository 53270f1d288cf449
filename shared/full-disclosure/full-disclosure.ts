/**
 * The DILG Full Disclosure Policy's calendar: which periods a document type has in a
 * fiscal year, when each period ends and by when its document must be posted, and what
 * state a cell of the grid is in at a given moment. Pure functions of their arguments
 * (the moment comes from the server's Clock), so the rules are tested at their edges.
 *
 * A fiscal year is the calendar year (LGC s.305 (j)); periods end at midnight in Manila,
 * which keeps no daylight saving time, so Manila midnight is 16:00 UTC the day before.
 */

import { inEnglish, type LocalizedText } from '../i18n/localized-text.ts';

export type DisclosureFrequency = 'annual' | 'quarterly';

/** One document type of content/full-disclosure.json. */
export interface DisclosureDocumentType {
  /** Stable id: the API's `type`, the CLI index's `type` column. */
  id: string;
  name: LocalizedText;
  frequency: DisclosureFrequency;
  /** Days after the period's last day by which the document must be posted. */
  deadlineDays: number;
  /** Where the requirement comes from, shown beside the type. */
  basis: LocalizedText;
}

/**
 * `not-tracked`: nothing posted for a period whose deadline had passed before the site began
 * tracking postings; the site cannot tell whether it was posted elsewhere then, so it does
 * not call it overdue.
 */
export type DisclosureState = 'posted' | 'not-yet-due' | 'due' | 'overdue' | 'not-tracked';

export const DISCLOSURE_STATES: readonly DisclosureState[] = [
  'posted',
  'not-yet-due',
  'due',
  'overdue',
  'not-tracked',
];

export type Quarter = 1 | 2 | 3 | 4;

/** A period of a fiscal year: the whole year (quarter null) or one quarter. */
export interface DisclosurePeriod {
  year: number;
  quarter: Quarter | null;
}

/** The first and the last fiscal years a posting may be for. */
export const FIRST_DISCLOSURE_YEAR = 1992;
export const LAST_DISCLOSURE_YEAR = 9998;

const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant Manila's calendar day starts (its midnight): `day` may overflow, as in Date.UTC. */
function manilaMidnight(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day) - MANILA_OFFSET_MS);
}

/** The Manila calendar day an instant falls on, as YYYY-MM-DD. */
function manilaDay(instant: Date): string {
  return new Date(instant.getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The fiscal year running in Manila at `now`: from January 1 at Manila midnight. */
export function currentFiscalYear(now: Date): number {
  return new Date(now.getTime() + MANILA_OFFSET_MS).getUTCFullYear();
}

/** Every period a type has in a year, in calendar order. */
export function periodsOf(type: Pick<DisclosureDocumentType, 'frequency'>, year: number) {
  return type.frequency === 'annual'
    ? [{ year, quarter: null }]
    : ([1, 2, 3, 4] as const).map((quarter) => ({ year, quarter }));
}

/** "FY 2025" or "Q1 2025": how pages, feeds and the CSV name a period. */
export function periodLabel({ year, quarter }: DisclosurePeriod): string {
  return quarter === null ? `FY ${year}` : `Q${quarter} ${year}`;
}

/** The period's URL segment: "2025" or "2025-q1". */
export function periodSlug({ year, quarter }: DisclosurePeriod): string {
  return quarter === null ? String(year) : `${year}-q${quarter}`;
}

export interface PeriodSchedule {
  /** The instant the period ends: midnight in Manila after its last day. */
  ends: string;
  /** The last Manila day to post on (YYYY-MM-DD): the period's last day plus the deadline days. */
  deadline: string;
  /** The instant a missing document becomes overdue: midnight in Manila after the deadline day. */
  overdueFrom: string;
}

/**
 * When a period ends and by when its document is due. Calendar arithmetic on whole Manila
 * days, so a deadline that runs through February counts February 29 in a leap year.
 */
export function periodSchedule(
  { year, quarter }: DisclosurePeriod,
  deadlineDays: number,
): PeriodSchedule {
  // The month after the period's last month; Date.UTC carries month 13 into January.
  const nextMonth = quarter === null ? 13 : quarter * 3 + 1;
  const ends = manilaMidnight(year, nextMonth, 1);
  const overdueFrom = manilaMidnight(year, nextMonth, 1 + deadlineDays);
  return {
    ends: ends.toISOString(),
    deadline: manilaDay(new Date(overdueFrom.getTime() - DAY_MS)),
    overdueFrom: overdueFrom.toISOString(),
  };
}

/**
 * A cell's state at `now`: posted whenever a document is there; otherwise not tracked when
 * it was already overdue at `trackedFrom` (the instant the site began tracking postings),
 * else not yet due while the period runs, due from its end until the deadline day is over,
 * then overdue. `trackedFrom` is fixed, so no state changes at any instant but the three.
 */
export function disclosureState(
  schedule: PeriodSchedule,
  posted: boolean,
  now: Date,
  trackedFrom: string,
): DisclosureState {
  if (posted) return 'posted';
  if (Date.parse(schedule.overdueFrom) <= Date.parse(trackedFrom)) return 'not-tracked';
  const at = now.getTime();
  if (at < Date.parse(schedule.ends)) return 'not-yet-due';
  if (at < Date.parse(schedule.overdueFrom)) return 'due';
  return 'overdue';
}

/**
 * A period as written by people and forms: a year, and a quarter 1 to 4 for a quarterly
 * type (none for an annual one). The message, in English for the API and the CLI, says
 * which part is wrong.
 */
export function parseDisclosurePeriod(
  type: Pick<DisclosureDocumentType, 'frequency' | 'name'>,
  yearText: string,
  quarterText: string,
):
  | { ok: true; period: DisclosurePeriod }
  | { ok: false; field: 'year' | 'quarter'; message: string } {
  const year = Number(yearText.trim());
  if (
    !/^\d{4}$/.test(yearText.trim()) ||
    year < FIRST_DISCLOSURE_YEAR ||
    year > LAST_DISCLOSURE_YEAR
  ) {
    return {
      ok: false,
      field: 'year',
      message: `Year must be a fiscal year from ${FIRST_DISCLOSURE_YEAR}, written like 2025.`,
    };
  }
  const quarter = quarterText.trim().replace(/^q/i, '');
  if (type.frequency === 'annual') {
    if (quarter !== '') {
      return {
        ok: false,
        field: 'quarter',
        message: `${inEnglish(type.name)} is posted once a year: leave the quarter out.`,
      };
    }
    return { ok: true, period: { year, quarter: null } };
  }
  if (!/^[1-4]$/.test(quarter)) {
    return {
      ok: false,
      field: 'quarter',
      message: `${inEnglish(type.name)} is posted every quarter: give the quarter, 1 to 4.`,
    };
  }
  return { ok: true, period: { year, quarter: Number(quarter) as Quarter } };
}
