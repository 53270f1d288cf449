/**
 * The public list query (search text and page) and its answer. Shared by the API, the
 * server-rendered pages and the browser's loaders, so it must not import anything native.
 */

export const PAGE_SIZE = 5;
export const MAX_SEARCH_LENGTH = 100;
/** Far beyond any real list; only keeps the offset a safe integer. */
export const MAX_PAGE = 1_000_000_000;

export interface ListQuery {
  /** Trimmed, NFC-normalised search text; empty means no search. */
  q: string;
  page: number;
}

/** One procurement record as the API and the pages see it. */
export type ProcurementRecord = { id: number; created: string } & {
  [field: string]: string | number;
};

export interface RecordPage {
  items: ProcurementRecord[];
  page: number;
  pageSize: number;
  total: number;
}

export type ParsedListQuery = { ok: true; value: ListQuery } | { ok: false; message: string };

const PAGE_PATTERN = /^[1-9][0-9]{0,9}$/;

/** Reads `q` and `page` as they come from a URL; a missing page is page 1. */
export function parseListQuery(params: {
  q?: string | null;
  page?: string | null;
}): ParsedListQuery {
  const q = (params.q ?? '').normalize('NFC').trim();
  if ([...q].length > MAX_SEARCH_LENGTH) {
    return { ok: false, message: `Search text must be at most ${MAX_SEARCH_LENGTH} characters.` };
  }
  const pageText = (params.page ?? '').trim();
  if (pageText === '') return { ok: true, value: { q, page: 1 } };
  const page = PAGE_PATTERN.test(pageText) ? Number(pageText) : NaN;
  if (!(page <= MAX_PAGE)) {
    return { ok: false, message: `Page must be a whole number from 1 to ${MAX_PAGE}.` };
  }
  return { ok: true, value: { q, page } };
}

/** The URL query string of a list view; page 1 and an empty search are left out. */
export function listSearchParams({ q, page }: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  return params;
}
