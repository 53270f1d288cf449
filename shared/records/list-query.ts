/**
 * The public list query (search text, Manila date range and page) and its answer. Shared by the API, the
 * server-rendered pages and the browser's loaders, so it must not import anything native.
 */

import { parseManilaDate } from '../manila-time.ts';
import type { FieldName } from '../record-kinds.ts';

export const PAGE_SIZE = 5;
export const MAX_SEARCH_LENGTH = 100;
/** Far beyond any real list; only keeps the offset a safe integer. */
export const MAX_PAGE = 1_000_000_000;

export interface ListQuery {
  /** Trimmed, NFC-normalised search text; empty means no search. */
  q: string;
  page: number;
  /** First Manila day posted, YYYY-MM-DD, inclusive. */
  from?: string;
  /** Last Manila day posted, YYYY-MM-DD, inclusive. */
  to?: string;
}

/** One procurement record as the API and the pages see it; a field a record does not have is absent or null. */
export type ProcurementRecord = { id: number; created: string } & Partial<
  Record<FieldName, string | null>
>;

/**
 * The procurement project (contracting process) a notice is part of: its OCID is the site's
 * OCID prefix, a dash and `processKey`. Null for a notice attached to none.
 */
export type NoticeProject = { processKey: string; title: string } | null;

/** A list row: the record, and the project a resident can follow it into. */
export type ListedRecord = ProcurementRecord & { project: NoticeProject };

export interface RecordPage<Item = ListedRecord> {
  items: Item[];
  page: number;
  pageSize: number;
  total: number;
}

export type ParsedListQuery = { ok: true; value: ListQuery } | { ok: false; message: string };

const PAGE_PATTERN = /^[1-9][0-9]{0,9}$/;
/**
 * Control characters have no place in a search, and SQLite's full-text query parser stops
 * at a NUL, so they are refused rather than passed on.
 */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** Half of a UTF-16 surrogate pair: not a character at all, so it cannot be searched for. */
const LONE_SURROGATE = /\p{Cs}/u;

export const REPEATED_PARAMETER = 'Give q and page at most once each.';
export const REPEATED_DATE = 'Give from and to at most once each.';
export const FROM_AFTER_TO = 'The from date must not be after the to date.';
export const CONTROL_CHARACTER_MESSAGE = 'Search text must not contain control characters.';
export const BROKEN_TEXT_MESSAGE = 'Search text must be valid Unicode text.';

/** A URL parameter as it arrives: missing, once, or repeated (URLSearchParams.getAll, Fastify's querystring). */
export type ParameterValue = string | readonly string[] | null | undefined;

/**
 * Reads `q`, `page`, `from` and `to` as they come from a URL; a missing page is page 1 and
 * a missing or empty date leaves that end of the range open. Any input gets an answer,
 * never an exception.
 */
export function parseListQuery(params: {
  q?: ParameterValue;
  page?: ParameterValue;
  from?: ParameterValue;
  to?: ParameterValue;
}): ParsedListQuery {
  const rawQ = single(params.q);
  const rawPage = single(params.page);
  const rawFrom = single(params.from);
  const rawTo = single(params.to);
  if (rawQ === null || rawPage === null) return { ok: false, message: REPEATED_PARAMETER };
  if (rawFrom === null || rawTo === null) return { ok: false, message: REPEATED_DATE };
  const range = dateRange(rawFrom.trim(), rawTo.trim());
  if ('message' in range) return { ok: false, message: range.message };
  if (LONE_SURROGATE.test(rawQ)) return { ok: false, message: BROKEN_TEXT_MESSAGE };
  const q = rawQ.normalize('NFC').trim();
  if (CONTROL_CHARACTER.test(q)) return { ok: false, message: CONTROL_CHARACTER_MESSAGE };
  if ([...q].length > MAX_SEARCH_LENGTH) {
    return { ok: false, message: `Search text must be at most ${MAX_SEARCH_LENGTH} characters.` };
  }
  const pageText = rawPage.trim();
  const page = pageText === '' ? 1 : PAGE_PATTERN.test(pageText) ? Number(pageText) : NaN;
  if (!(page <= MAX_PAGE)) {
    return { ok: false, message: `Page must be a whole number from 1 to ${MAX_PAGE}.` };
  }
  return { ok: true, value: { q, page, ...range } };
}

function dateRange(from: string, to: string): { from?: string; to?: string } | { message: string } {
  for (const [name, text] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (text === '') continue;
    const parsed = parseManilaDate(text, `The ${name} date`);
    if (!parsed.ok) return { message: parsed.message };
  }
  // YYYY-MM-DD sorts as text in date order.
  if (from !== '' && to !== '' && from > to) return { message: FROM_AFTER_TO };
  return { ...(from === '' ? {} : { from }), ...(to === '' ? {} : { to }) };
}

/** The one value of a parameter, '' when missing, null when repeated. */
export function single(value: ParameterValue): string | null {
  if (typeof value === 'string') return value;
  if (!value || value.length === 0) return '';
  return value.length === 1 ? value[0]! : null;
}

/** The URL query string of a list view; page 1, an empty search and open dates are left out. */
export function listSearchParams({ q, page, from, to }: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  if (page > 1) params.set('page', String(page));
  return params;
}
