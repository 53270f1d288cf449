/**
 * Reads a record's `created` time as import files carry it: ISO 8601, the original site's
 * display text ('March 5, 2024 at 3:07:09 PM UTC+08'), a spreadsheet's date and time
 * ('3/5/2024 3:07 PM', see parseSpreadsheetDateTime), or a Firestore timestamp object.
 * Strict on purpose: a date that does not exist (February 30) or a stray word is refused
 * rather than guessed, since the list order depends on it.
 */

import { monthFromName } from '../../shared/manila-time.ts';

/** The site's own time zone (Asia/Manila, no daylight saving), for times written without an offset. */
const MANILA_OFFSET_MINUTES = 8 * 60;

export const CREATED_FORMATS =
  "ISO 8601 (2024-03-05T15:07:09+08:00), the original's format (March 5, 2024 at 3:07:09 PM UTC+08) or a spreadsheet's month/day/year (3/5/2024 3:07 PM, 3/5/2024 15:07 or 3/5/2024; Manila time)";

export type CreatedParse = { ok: true; date: Date } | { ok: false; reason: string };

const ISO_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

// Narrow and ordinary no-break spaces appear before AM/PM in dates copied from newer browsers.
const DISPLAY_PATTERN =
  /^([a-z]+)\s+(\d{1,2}),\s*(\d{4})\s+at\s+(\d{1,2}):(\d{2}):(\d{2})[\s\u00a0\u202f]*(am|pm)\s+(?:utc|gmt)([+-]\d{1,2}(?::?\d{2})?)?$/i;

/**
 * What Excel writes to a CSV for a date cell under Philippine (en-PH) settings: the short
 * date M/D/YYYY, then a time as h:mm AM/PM or H:mm, seconds optional, or no time at all.
 */
const SPREADSHEET_PATTERN =
  /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:[\s\u00a0\u202f]*(am|pm))?)?$/i;

function offsetMinutes(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (text.toUpperCase() === 'Z') return 0;
  const match = /^([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(text);
  if (!match) return undefined;
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? '0');
  if (hours > 14 || minutes > 59) return Number.NaN;
  return (match[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  offset: number;
}

/** Builds the instant, refusing parts that roll over (day 31 of April, minute 60). */
function instant(parts: Parts): Date | undefined {
  const { year, month, day, hour, minute, second, millisecond, offset } = parts;
  if (Number.isNaN(offset) || hour > 23 || minute > 59 || second > 59 || year < 1000)
    return undefined;
  const local = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millisecond));
  if (
    local.getUTCFullYear() !== year ||
    local.getUTCMonth() !== month - 1 ||
    local.getUTCDate() !== day
  ) {
    return undefined;
  }
  const date = new Date(local.getTime() - offset * 60_000);
  return date.getUTCFullYear() <= 9999 ? date : undefined;
}

function parseIso(match: RegExpExecArray): Date | undefined {
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  return instant({
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour ?? '0'),
    minute: Number(minute ?? '0'),
    second: Number(second ?? '0'),
    millisecond: Math.floor(Number(`0.${fraction ?? '0'}`) * 1000),
    offset: offsetMinutes(zone) ?? MANILA_OFFSET_MINUTES,
  });
}

function parseDisplay(match: RegExpExecArray): Date | undefined {
  const [, monthName, day, year, hour12, minute, second, meridiem, zone] = match;
  const month = monthFromName(monthName!);
  const hour = Number(hour12);
  if (!month || hour < 1 || hour > 12) return undefined;
  const pm = meridiem!.toLowerCase() === 'pm';
  return instant({
    year: Number(year),
    month,
    day: Number(day),
    hour: (hour % 12) + (pm ? 12 : 0),
    minute: Number(minute),
    second: Number(second),
    millisecond: 0,
    offset: offsetMinutes(zone) ?? 0,
  });
}

/**
 * A spreadsheet's date and time ('3/5/2024 3:07 PM', '3/5/2024 15:07', '3/5/2024') as
 * Manila time, the clock the spreadsheet was typed on. Month first, as Excel writes dates
 * for en-PH: 3/4/2024 is March 4, and 13/4/2024 is refused rather than read day first. A
 * two-digit year is refused, as its century would be a guess. Undefined when the text has
 * another form or names a date or time that does not exist.
 */
export function parseSpreadsheetDateTime(text: string): Date | undefined {
  const match = SPREADSHEET_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const [, month, day, year, hourText, minute, second, meridiem] = match;
  let hour = Number(hourText ?? '0');
  if (meridiem) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (meridiem.toLowerCase() === 'pm' ? 12 : 0);
  }
  return instant({
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour,
    minute: Number(minute ?? '0'),
    second: Number(second ?? '0'),
    millisecond: 0,
    offset: MANILA_OFFSET_MINUTES,
  });
}

/** Firestore exports write timestamps as {_seconds, _nanoseconds}, {seconds, nanoseconds} or wrapped in {__datatype__: 'timestamp', value}. */
function parseTimestampObject(value: Record<string, unknown>): Date | undefined {
  if (
    value.__datatype__ === 'timestamp' &&
    typeof value.value === 'object' &&
    value.value !== null
  ) {
    return parseTimestampObject(value.value as Record<string, unknown>);
  }
  const seconds = value._seconds ?? value.seconds;
  const nanoseconds = value._nanoseconds ?? value.nanoseconds ?? 0;
  if (typeof seconds !== 'number' || typeof nanoseconds !== 'number') return undefined;
  if (!Number.isInteger(seconds) || !Number.isInteger(nanoseconds)) return undefined;
  const date = new Date(seconds * 1000 + Math.floor(nanoseconds / 1e6));
  const year = date.getUTCFullYear();
  return year >= 1000 && year <= 9999 ? date : undefined;
}

export function parseCreated(value: unknown): CreatedParse {
  let date: Date | undefined;
  if (typeof value === 'string') {
    const text = value.trim();
    const iso = ISO_PATTERN.exec(text);
    const display = iso ? null : DISPLAY_PATTERN.exec(text);
    date = iso ? parseIso(iso) : display ? parseDisplay(display) : parseSpreadsheetDateTime(text);
  } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    date = parseTimestampObject(value as Record<string, unknown>);
  }
  return date
    ? { ok: true, date }
    : { ok: false, reason: `is not a valid date and time; use ${CREATED_FORMATS}` };
}
