/**
 * Times as residents of the Philippines read them. Stored and sent times are ISO 8601 UTC;
 * pages show them in Asia/Manila, and dates typed by people are Manila dates. Formatting
 * goes through Intl with the named zone; parsing uses the zone's fixed UTC+8, since the
 * Philippines keeps no daylight saving time.
 */

import { INTL_LOCALES, type Lang } from './i18n/languages.ts';

export const MANILA_TIME_ZONE = 'Asia/Manila';
const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

const formatters = new Map<string, Intl.DateTimeFormat>();

function manilaParts(iso: string, options: Intl.DateTimeFormatOptions, lang: Lang = 'en'): Parts {
  const key = `${lang}:${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALES[lang], {
      timeZone: MANILA_TIME_ZONE,
      ...options,
    });
    formatters.set(key, formatter);
  }
  const parts: Parts = {};
  for (const part of formatter.formatToParts(new Date(iso))) parts[part.type] = part.value;
  return parts;
}

const NUMERIC = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const;

/** Whether text is a time JavaScript can read; a bad stored value is shown as it is, not as "Invalid Date". */
export function isTime(iso: string): boolean {
  return !Number.isNaN(Date.parse(iso));
}

/** A Manila time's parts with the month spelt out and a 12-hour clock, to the minute. */
function longDateAndTime(iso: string, lang: Lang): Parts {
  return manilaParts(
    iso,
    {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    },
    lang,
  );
}

/**
 * What follows every time shown to people, so a reader abroad or a mail program in another
 * zone never takes it for local time; the same words wherever a time is shown.
 */
const ZONE: Record<Lang, string> = { en: 'Manila time', fil: 'oras sa Maynila' };

/**
 * The one form of a time on pages, in e-mails, feeds and messages, to the minute with its
 * zone: "March 5, 2024, 3:07 PM (Manila time)"; on Filipino pages with fil-PH month names:
 * "Marso 5, 2024, 3:07 PM (oras sa Maynila)". The comma between day and time needs no
 * word that reads differently in each language.
 */
export function formatManilaDateTime(iso: string, lang: Lang = 'en'): string {
  if (!isTime(iso)) return iso;
  const part = longDateAndTime(iso, lang);
  return `${part.month} ${part.day}, ${part.year}, ${part.hour}:${part.minute} ${part.dayPeriod} (${ZONE[lang]})`;
}

/** The time of day alone, for a time later today such as when to try again: "3:45 PM (Manila time)". */
export function formatManilaClock(iso: string, lang: Lang = 'en'): string {
  if (!isTime(iso)) return iso;
  const part = manilaParts(iso, { hour: 'numeric', minute: '2-digit', hour12: true }, lang);
  return `${part.hour}:${part.minute} ${part.dayPeriod} (${ZONE[lang]})`;
}

/** The Manila calendar day: "March 5, 2026" ("Marso 5, 2026"). */
export function formatManilaDate(iso: string, lang: Lang = 'en'): string {
  if (!isTime(iso)) return iso;
  const part = manilaParts(iso, { year: 'numeric', month: 'long', day: 'numeric' }, lang);
  return `${part.month} ${part.day}, ${part.year}`;
}

/** The Manila calendar day as YYYY-MM-DD, e.g. for a `from`/`to` filter or `<time datetime>`. */
export function manilaDate(iso: string): string {
  return toDateTimeLocal(iso).slice(0, 10);
}

/**
 * The Manila calendar year of a stored time, by arithmetic: Manila keeps +08:00 all year
 * (no daylight saving since 1978, before any record), and Intl costs ~15 µs a call, too
 * much for a year of every award when the supplier index is rebuilt.
 */
export function manilaYear(iso: string): number {
  return new Date(Date.parse(iso) + MANILA_OFFSET_MS).getUTCFullYear();
}

/** The value an `<input type="datetime-local">` shows for a time: Manila, to the minute ("2026-02-03T14:00"). */
export function toDateTimeLocal(iso: string): string {
  const part = manilaParts(iso, NUMERIC);
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/** The instant with Manila's offset, exact and readable: "2026-02-03T14:00:00+08:00". */
export function manilaIso(iso: string): string {
  const part = manilaParts(iso, { ...NUMERIC, second: '2-digit' });
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}+08:00`;
}

/**
 * The instant with Manila's offset to the millisecond ("2026-02-03T10:00:00.000+08:00"),
 * for files people open in a spreadsheet and import back: the time they read is the Manila
 * time, and nothing of the stored instant is lost.
 */
export function manilaIsoExact(iso: string): string {
  const milliseconds = String(new Date(iso).getUTCMilliseconds()).padStart(3, '0');
  return manilaIso(iso).replace('+08:00', `.${milliseconds}+08:00`);
}

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/**
 * An English month name as people and the original site write it in dates ("March",
 * "march", or shortened to three letters or more: "Mar", "Sept") as 1–12; undefined for
 * anything else ("Ma", "Marchh"). The one reading for dates spelt out in content and
 * import files.
 */
export function monthFromName(name: string): number | undefined {
  const lower = name.toLowerCase();
  if (lower.length < 3) return undefined;
  const index = MONTH_NAMES.findIndex((month) => month.startsWith(lower));
  return index >= 0 ? index + 1 : undefined;
}

export type ParsedDay = { ok: true; start: string; end: string } | { ok: false; message: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * A Manila calendar day typed as YYYY-MM-DD, as the UTC range [start, end) it covers:
 * 2026-03-05 runs from 2026-03-04T16:00:00.000Z up to 2026-03-05T16:00:00.000Z.
 * `label` names the value in the message.
 */
export function parseManilaDate(text: string, label = 'Date'): ParsedDay {
  const match = DATE.exec(text);
  const [year, month, day] = match ? match.slice(1).map(Number) : [];
  if (!year || !month || !day || year < 1000 || !isRealDate(year, month, day)) {
    return {
      ok: false,
      message: `${label} must be a real date written YYYY-MM-DD, like 2026-03-05.`,
    };
  }
  const start = Date.UTC(year, month - 1, day) - MANILA_OFFSET_MS;
  return {
    ok: true,
    start: new Date(start).toISOString(),
    end: new Date(start + DAY_MS).toISOString(),
  };
}

/**
 * A Manila calendar day written YYYY-MM-DD, spelt out in the page's language: "2025-04-30"
 * is "April 30, 2025" ("Abril 30, 2025"); text that is not such a day stays as it is.
 */
export function formatManilaDay(day: string, lang: Lang = 'en'): string {
  const parsed = parseManilaDate(day);
  return parsed.ok ? formatManilaDate(parsed.start, lang) : day;
}

export type ParsedTime = { ok: true; iso: string } | { ok: false; message: string };

/**
 * Date and time, optional seconds and fraction, then an optional zone: Z or ±HH:MM. Up to
 * nine digits of fraction, as other systems write them (Python's microseconds, Go's
 * nanoseconds); times are kept to the millisecond, so digits past the third are dropped.
 */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/i;

/**
 * A date and time as typed into an `<input type="datetime-local">` ("2026-02-03T14:00",
 * Manila time) or sent with its zone ("2026-02-03T06:00:00Z", "2026-02-03T14:00+08:00"),
 * as ISO 8601 UTC with milliseconds, the form stored times take.
 */
export function parseManilaDateTime(text: string, label = 'Date and time'): ParsedTime {
  const refused = {
    ok: false,
    message: `${label} must be a real date and time, like 2026-02-03T14:00 (Manila time).`,
  } as const;
  const match = DATE_TIME.exec(text.trim());
  if (!match) return refused;
  const [, year, month, day, hour, minute, second = '0', fraction = '', zone] = match;
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number) as number[];
  if (!isRealDate(y!, mo!, d!) || y! < 1000 || h! > 23 || mi! > 59 || s! > 59) return refused;
  let offset = MANILA_OFFSET_MS;
  if (zone?.toUpperCase() === 'Z') offset = 0;
  else if (zone) {
    const [zoneHours, zoneMinutes] = zone.slice(1).split(':').map(Number) as [number, number];
    if (zoneHours > 14 || zoneMinutes > 59) return refused;
    offset = (zone.startsWith('-') ? -1 : 1) * (zoneHours * 60 + zoneMinutes) * 60 * 1000;
  }
  const milliseconds = Number(fraction.slice(1, 4).padEnd(3, '0') || 0);
  const utc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!, milliseconds) - offset;
  return { ok: true, iso: new Date(utc).toISOString() };
}

/**
 * A point in time as a `since` parameter or option gives it: a Manila day, meaning its
 * midnight, or a date and time as parseManilaDateTime reads it. The one reading for
 * every "changed since" cursor, strict as the list filters are: February 30 or 24:00 is
 * refused, never rolled over into the next month or day.
 */
export function parseManilaInstant(text: string, label: string): ParsedTime {
  const trimmed = text.trim();
  const day = parseManilaDate(trimmed);
  if (day.ok) return { ok: true, iso: day.start };
  const time = parseManilaDateTime(trimmed);
  if (time.ok) return time;
  return {
    ok: false,
    message: `${label} must be a real date and time, like 2026-01-31T08:00:00Z or 2026-01-31T16:00 (Manila time), or a real day, like 2026-01-31 (from midnight in Manila).`,
  };
}
