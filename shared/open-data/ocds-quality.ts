/**
 * The check of the site's own OCDS output (issue 35), as the OCDS Data Review Tool and OCP's
 * Pelican check a publisher's: what `municipal ocds check` prints and /open-data/quality
 * shows. The checks run on the server (server/open-data/ocds-quality.ts); this is the answer
 * both read. Problems are codes with their values, so each reader words them in its language.
 */

/** The public page, under /fil too, and its JSON. */
export const OCDS_QUALITY_PATH = '/open-data/quality';
export const OCDS_QUALITY_API_PATH = '/api/open-data/quality';

/** The checks, in the order they are shown. `document-urls` runs only when asked. */
export const OCDS_CHECKS = [
  'schema',
  'ocid-prefix',
  'unique-ids',
  'date-order',
  'amounts',
  'parties',
  'no-empty',
  'document-urls',
] as const;
export type OcdsCheckId = (typeof OCDS_CHECKS)[number];

/** What a problem is, one code per kind of finding. */
export type OcdsProblemCode =
  | 'schema-invalid'
  | 'prefix-placeholder'
  | 'prefix-form'
  | 'duplicate-release-id'
  | 'duplicate-array-id'
  | 'date-order'
  | 'amount-out-of-range'
  | 'party-missing'
  | 'party-role-missing'
  | 'empty-value'
  | 'url-not-ok';

/**
 * One finding: where (the ocid, the release id when there is one, the field path as
 * `releases[2]/awards[0]/date`), what (`code`) and its values (a schema error's own words,
 * the two dates, the amounts, the party id, the HTTP status).
 */
export interface OcdsProblem {
  check: OcdsCheckId;
  code: OcdsProblemCode;
  ocid?: string;
  release?: string;
  path: string;
  values?: Record<string, string | number>;
}

export interface OcdsCheckResult {
  id: OcdsCheckId;
  /** `skipped`: not run (document URLs unless asked). */
  status: 'passed' | 'failed' | 'skipped';
  /** How many problems were found in all; `problems` holds the first of them. */
  count: number;
  problems: OcdsProblem[];
}

export interface OcdsQualityReport {
  /** When the check ran, ISO 8601 UTC. */
  checkedAt: string;
  ocidPrefix: string;
  /** How many contracting processes (record packages) and releases were checked. */
  processes: number;
  releases: number;
  ok: boolean;
  checks: OcdsCheckResult[];
}

/** A page or the CLI shows at most this many problems a check, with the count of all. */
export const OCDS_PROBLEMS_SHOWN = 20;

/** The loaders' service: the report, or undefined when SITE_URL is not set (no OCDS output). */
export interface OcdsQualityServices {
  ocdsQuality(signal?: AbortSignal): Promise<OcdsQualityReport | undefined>;
}
