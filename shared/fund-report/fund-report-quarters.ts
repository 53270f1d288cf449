/**
 * The fund report's quarters are named by the day they end. The content file writes that
 * day as the report prints it ("September 30, 2023"); the import and the database use the
 * calendar date ("2023-09-30"), which sorts. A calendar day, not an instant: no time zone.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The last day of each quarter, by month number: March 31, June 30, September 30, December 31. */
const QUARTER_ENDS: Record<number, number> = { 3: 31, 6: 30, 9: 30, 12: 31 };

export type QuarterEndParse = { ok: true; endedOn: string } | { ok: false; message: string };

function quarterEnd(year: number, month: number, day: number): string | undefined {
  if (QUARTER_ENDS[month] !== day || year < 1900 || year > 9999) return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${day}`;
}

const NOT_A_QUARTER_END =
  'must be the last day of a quarter: March 31, June 30, September 30 or December 31';

/** Reads `--quarter 2025-06-30`: a calendar date that ends a quarter. */
export function parseQuarterEnd(text: string): QuarterEndParse {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return { ok: false, message: `must be a date written YYYY-MM-DD, like 2025-06-30` };
  const endedOn = quarterEnd(Number(match[1]), Number(match[2]), Number(match[3]));
  return endedOn
    ? { ok: true, endedOn }
    : { ok: false, message: `${NOT_A_QUARTER_END}, like 2025-06-30` };
}

/** Reads the content file's "September 30, 2023"; undefined when it is not a quarter's last day so written. */
export function quarterEndFromWords(words: string): string | undefined {
  const match = /^([A-Z][a-z]+) (\d{1,2}), (\d{4})$/.exec(words.trim());
  if (!match) return undefined;
  const month = MONTHS.indexOf(match[1] as (typeof MONTHS)[number]) + 1;
  return month ? quarterEnd(Number(match[3]), month, Number(match[2])) : undefined;
}

export const QUARTER_END_IN_WORDS_RULE = `${NOT_A_QUARTER_END}, written like September 30, 2023`;

/** "2023-09-30" as the report prints it: "September 30, 2023". */
export function quarterEndInWords(endedOn: string): string {
  const [year, month, day] = endedOn.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`;
}
