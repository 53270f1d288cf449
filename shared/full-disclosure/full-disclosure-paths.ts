import { periodSlug, type DisclosurePeriod } from './full-disclosure.ts';
import { INFO_PAGES } from '../info-pages.ts';

export const FULL_DISCLOSURE_PAGE = INFO_PAGES.fullDisclosure;
/** The transparency staff's page: post and correct documents. */
export const STAFF_FULL_DISCLOSURE_PAGE = '/staff/full-disclosure';
/** The staff page's plain form post (multipart, so a Fastify route rather than a page action). */
export const STAFF_FULL_DISCLOSURE_FORM = '/staff/full-disclosure/posting';

/** A posting's permanent address: /full-disclosure/<type>/<2025 or 2025-q1>. */
export function postingPath(typeId: string, period: DisclosurePeriod): string {
  return `${FULL_DISCLOSURE_PAGE}/${typeId}/${periodSlug(period)}`;
}

/** The period a permalink segment names, or undefined. */
export function periodFromSlug(slug: string): DisclosurePeriod | undefined {
  const match = /^(\d{4})(?:-q([1-4]))?$/.exec(slug);
  if (!match) return undefined;
  return {
    year: Number(match[1]),
    quarter: match[2] ? (Number(match[2]) as 1 | 2 | 3 | 4) : null,
  };
}

/**
 * What the staff page says after its form was sent, by the code the form route sends
 * back: a code rather than words in the URL, so no link can put text of its own on the page.
 */
export type StaffPostingOutcome =
  | 'posted'
  | 'corrected'
  | 'forbidden'
  | 'type'
  | 'year'
  | 'quarter'
  | 'reason'
  | 'file'
  | 'too-large'
  | 'unsupported'
  | 'same-file';

/**
 * Why a posting stored nothing: NO_SUCH_TYPE, INVALID_YEAR, INVALID_QUARTER,
 * REASON_TOO_LONG, REASON_REQUIRED (the period has a file: a new one is a correction) and
 * NO_FILE (400); SAME_FILE (409, the very file already posted for the period);
 * FILE_TOO_LARGE (413); UNSUPPORTED_FILE (415, neither PDF nor XLSX).
 */
export const DISCLOSURE_REFUSALS = [
  'NO_SUCH_TYPE',
  'INVALID_YEAR',
  'INVALID_QUARTER',
  'REASON_TOO_LONG',
  'REASON_REQUIRED',
  'NO_FILE',
  'SAME_FILE',
  'FILE_TOO_LARGE',
  'UNSUPPORTED_FILE',
] as const;
export type DisclosureRefusalCode = (typeof DISCLOSURE_REFUSALS)[number];

/** What the staff page's address says after a refused form post, by the refusal's code. */
export const DISCLOSURE_REFUSAL_OUTCOMES: Record<DisclosureRefusalCode, StaffPostingOutcome> = {
  NO_SUCH_TYPE: 'type',
  INVALID_YEAR: 'year',
  INVALID_QUARTER: 'quarter',
  REASON_TOO_LONG: 'reason',
  REASON_REQUIRED: 'reason',
  NO_FILE: 'file',
  SAME_FILE: 'same-file',
  FILE_TOO_LARGE: 'too-large',
  UNSUPPORTED_FILE: 'unsupported',
};

/**
 * The site-relative path of one of the site's own absolute URLs (made from SITE_URL for the
 * open data): pages link by path, so links keep working on whatever address staff use.
 */
export function sitePath(url: string): string {
  if (url.startsWith('/')) return url;
  const { pathname, search, hash } = new URL(url);
  return `${pathname}${search}${hash}`;
}
