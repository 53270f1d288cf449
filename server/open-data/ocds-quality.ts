import type { ErrorObject } from 'ajv-draft-04';
import type { SiteDatabase } from '../../db/site-database.ts';
import { currentDataVersion } from '../../db/data-version.ts';
import { PLACEHOLDER_OCID_PREFIX } from '../../shared/open-data/ocds-prefix.ts';
import {
  OCDS_CHECKS,
  OCDS_PROBLEMS_SHOWN,
  type OcdsCheckId,
  type OcdsCheckResult,
  type OcdsProblem,
  type OcdsQualityReport,
} from '../../shared/open-data/ocds-quality.ts';
import {
  BIDS_EXTENSION_URL,
  processOcids,
  recordPackage,
  releasePackage,
  releasesPage,
  releasesUrl,
  type OcdsSettings,
  type ReleaseCursor,
} from './ocds-releases.ts';
import type { OcdsRecord, RecordPackage, Release, ReleasePackage } from './ocds-types.ts';
import { ocdsValidators } from './ocds-validators.ts';

/**
 * The check of the site's own OCDS output (issue 35), as the OCDS Data Review Tool and OCP's
 * Pelican check a publisher's: `municipal ocds check` and /open-data/quality both run
 * `checkOcdsOutput` on the packages `collectOcdsOutput` builds with the same builders the
 * /ocds/ routes answer with. Each check is a function of the packages alone, so a test can
 * tamper with a built package and see the check find it.
 */

/** What the site publishes: every page of /ocds/releases.json and every record package. */
export interface OcdsOutput {
  ocidPrefix: string;
  releasePackages: ReleasePackage[];
  recordPackages: RecordPackage[];
}

/** Builds every releases page (following links.next) and every process's record package. */
export async function collectOcdsOutput(
  database: SiteDatabase,
  settings: OcdsSettings,
  now: Date,
): Promise<OcdsOutput> {
  const releasePackages: ReleasePackage[] = [];
  let cursor: ReleaseCursor | undefined = {};
  while (cursor) {
    const page = await releasesPage(database, settings, cursor);
    releasePackages.push(
      releasePackage(settings, page.releases, {
        uri: releasesUrl(settings, cursor),
        next: page.next,
        now,
      }),
    );
    cursor = page.next;
  }
  const recordPackages: RecordPackage[] = [];
  // One process after another: a site's every record package at once would hold them all
  // in flight together.
  for (const ocid of await processOcids(database, settings)) {
    const found = await recordPackage(database, settings, ocid, now);
    if (found) recordPackages.push(found);
  }
  return { ocidPrefix: settings.site.openData.ocidPrefix, releasePackages, recordPackages };
}

type Finding = Omit<OcdsProblem, 'check'>;
type Place = Pick<Finding, 'ocid' | 'release' | 'path'>;
/** A per-release finding; `evidence` is the value found wrong, to name the release carrying it. */
type Found = Pick<Finding, 'code' | 'path' | 'values'> & { evidence?: string | number };

/** The id of the latest release of a record holding `value` anywhere in it. */
function carrying(record: OcdsRecord, value: string | number): string | undefined {
  const needle = JSON.stringify(value);
  return record.releases.findLast((release) => JSON.stringify(release).includes(needle))?.id;
}

const records = (output: OcdsOutput): OcdsRecord[] =>
  output.recordPackages.flatMap((found) => found.records);

/** A record's releases, then its compiled release, each with where it sits in the record. */
function releasesOf(record: OcdsRecord): { release: Release; at: string }[] {
  return [
    ...record.releases.map((release, index) => ({ release, at: `releases[${index}]` })),
    { release: record.compiledRelease, at: 'compiledRelease' },
  ];
}

/** `/records/0/releases/2/awards/0/date` as the release it falls in and the path inside it. */
function locate(data: ReleasePackage | RecordPackage, pointer: string): Place {
  const parts = pointer.split('/').slice(1);
  const path = (from: number) =>
    parts
      .slice(from)
      .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `/${part}`))
      .join('')
      .replace(/^\//, '');
  if ('releases' in data && parts[0] === 'releases' && parts[1] !== undefined) {
    const release = data.releases[Number(parts[1])];
    if (release) return { ocid: release.ocid, release: release.id, path: path(2) || '(release)' };
  }
  if ('records' in data && parts[0] === 'records' && parts[1] !== undefined) {
    const record = data.records[Number(parts[1])];
    if (record) {
      if (parts[2] === 'releases' && parts[3] !== undefined) {
        const release = record.releases[Number(parts[3])];
        if (release)
          return { ocid: record.ocid, release: release.id, path: path(4) || '(release)' };
      }
      return { ocid: record.ocid, path: path(2) || '(record)' };
    }
  }
  return { path: `${data.uri}: ${path(0) || '(package)'}` };
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = JSON.stringify([
      finding.code,
      finding.ocid,
      finding.release,
      finding.path,
      finding.values,
    ]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * `schema`: every release package and record package against OCDS 1.1.5, with the bids
 * extension merged when the package declares it.
 */
export function checkSchema(output: OcdsOutput): Finding[] {
  const { plain, withBids } = ocdsValidators();
  const findings: Finding[] = [];
  const judge = (
    data: ReleasePackage | RecordPackage,
    kind: 'releasePackage' | 'recordPackage',
  ) => {
    const validate = (data.extensions?.includes(BIDS_EXTENSION_URL) ? withBids : plain)[kind];
    if (validate(data)) return;
    for (const error of (validate.errors ?? []) as ErrorObject[]) {
      findings.push({
        ...locate(data, error.instancePath),
        code: 'schema-invalid',
        values: { message: `${error.message ?? error.keyword}${paramsOf(error)}` },
      });
    }
  };
  for (const page of output.releasePackages) judge(page, 'releasePackage');
  for (const found of output.recordPackages) judge(found, 'recordPackage');
  return dedupe(findings);
}

function paramsOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (typeof params.additionalProperty === 'string') return `: ${params.additionalProperty}`;
  if (Array.isArray(params.allowedValues)) return `: ${params.allowedValues.join(', ')}`;
  return '';
}

const REGISTERED_PREFIX = /^ocds-[a-z0-9]{6}$/;

/**
 * `ocid-prefix`: the prefix is of the registered form and not the placeholder the demo
 * content ships with, and every ocid starts with it.
 */
export function checkOcidPrefix(output: OcdsOutput): Finding[] {
  const prefix = output.ocidPrefix;
  const findings: Finding[] = [];
  if (prefix === PLACEHOLDER_OCID_PREFIX) {
    findings.push({ code: 'prefix-placeholder', path: 'openData.ocidPrefix', values: { prefix } });
  } else if (!REGISTERED_PREFIX.test(prefix)) {
    findings.push({ code: 'prefix-form', path: 'openData.ocidPrefix', values: { prefix } });
  }
  for (const record of records(output)) {
    for (const { release, at } of releasesOf(record)) {
      if (!release.ocid.startsWith(`${prefix}-`) || release.ocid !== record.ocid) {
        findings.push({
          code: 'prefix-form',
          ocid: record.ocid,
          release: release.id,
          path: `${at}/ocid`,
          values: { prefix, value: release.ocid },
        });
      }
    }
  }
  return findings;
}

/**
 * `unique-ids`: a release id appears once in its process's record and once in the feed, and
 * the objects of every array with ids (parties, awards, contracts, documents, amendments,
 * bids' details, …) have different ids within their array.
 */
export function checkUniqueIds(output: OcdsOutput): Finding[] {
  const findings: Finding[] = [];
  for (const record of records(output)) {
    const seen = new Set<string>();
    record.releases.forEach((release, index) => {
      if (seen.has(release.id)) {
        findings.push({
          code: 'duplicate-release-id',
          ocid: record.ocid,
          release: release.id,
          path: `releases[${index}]/id`,
        });
      }
      seen.add(release.id);
    });
    for (const { release, at } of releasesOf(record)) {
      walk(release, '', (value, path) => {
        if (!Array.isArray(value)) return;
        const ids = new Set<string>();
        value.forEach((item: unknown, index) => {
          const id = isObject(item) ? item.id : undefined;
          if (typeof id !== 'string' && typeof id !== 'number') return;
          if (ids.has(String(id))) {
            findings.push({
              code: 'duplicate-array-id',
              ocid: record.ocid,
              release: at === 'compiledRelease' ? `${release.id} (compiled)` : release.id,
              path: `${path}[${index}]/id`,
              values: { id: String(id) },
            });
          }
          ids.add(String(id));
        });
      });
    }
  }
  const feed = new Set<string>();
  for (const page of output.releasePackages) {
    page.releases.forEach((release, index) => {
      const key = `${release.ocid}\n${release.id}`;
      if (feed.has(key)) {
        findings.push({
          code: 'duplicate-release-id',
          ocid: release.ocid,
          release: release.id,
          path: `${page.uri}: releases[${index}]/id`,
        });
      }
      feed.add(key);
    });
  }
  return findings;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Calls `visit` on every value under `value`, with its path (`awards[0]/documents[1]/url`). */
function walk(value: unknown, path: string, visit: (value: unknown, path: string) => void) {
  visit(value, path);
  if (Array.isArray(value)) {
    value.forEach((item: unknown, index) => walk(item, `${path}[${index}]`, visit));
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      walk(item, path ? `${path}/${key}` : key, visit);
    }
  }
}

interface Period {
  startDate?: string;
  endDate?: string;
}
interface Dated {
  id?: string;
  date?: string;
  dateSigned?: string;
  awardID?: string;
  period?: Period;
  amendments?: { date?: string }[];
  value?: { amount?: number; currency?: string };
}

const time = (text: string | undefined): number | undefined => {
  if (!text) return undefined;
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? undefined : parsed;
};

/**
 * The findings of a per-release check in every release of every record and in its compiled
 * release, which joins what separate releases say (a tender's period and a later award);
 * a finding of the compiled release already found in one release is not told twice.
 */
function perRelease(output: OcdsOutput, check: (release: Release) => Found[]): Finding[] {
  const findings: Finding[] = [];
  for (const record of records(output)) {
    const told = new Set<string>();
    for (const { release, at } of releasesOf(record)) {
      for (const found of check(release)) {
        const key = JSON.stringify([found.code, found.values]);
        if (at === 'compiledRelease' && told.has(key)) continue;
        told.add(key);
        if (at !== 'compiledRelease') {
          findings.push({
            code: found.code,
            path: found.path,
            ...(found.values ? { values: found.values } : {}),
            ocid: record.ocid,
            release: release.id,
          });
          continue;
        }
        // Named after the latest release carrying the value found wrong, when there is one.
        const source = found.evidence === undefined ? undefined : carrying(record, found.evidence);
        findings.push({
          code: found.code,
          path: `compiledRelease/${found.path}`,
          ...(found.values ? { values: found.values } : {}),
          ocid: record.ocid,
          release: source ?? `${release.id} (compiled)`,
        });
      }
    }
  }
  return findings;
}

/**
 * `date-order`: a tender period starts before it ends and ends by each award's date, an
 * award is dated by its contract's signing, a contract's period starts before it ends, and
 * a contract's amendments come after its signing.
 */
export function checkDateOrder(output: OcdsOutput): Finding[] {
  return perRelease(output, (release) => {
    const found: Found[] = [];
    const before = (
      earlier: string | undefined,
      earlierPath: string,
      later: string | undefined,
      laterPath: string,
    ) => {
      const from = time(earlier);
      const to = time(later);
      if (from !== undefined && to !== undefined && to < from) {
        found.push({
          code: 'date-order',
          path: laterPath,
          evidence: later!,
          values: {
            earlier: earlierPath,
            earlierDate: earlier!,
            later: laterPath,
            laterDate: later!,
          },
        });
      }
    };
    const tenderPeriod = release.tender?.tenderPeriod as Period | undefined;
    before(
      tenderPeriod?.startDate,
      'tender/tenderPeriod/startDate',
      tenderPeriod?.endDate,
      'tender/tenderPeriod/endDate',
    );
    const tenderEnd = tenderPeriod?.endDate ?? tenderPeriod?.startDate;
    const tenderEndPath = tenderPeriod?.endDate
      ? 'tender/tenderPeriod/endDate'
      : 'tender/tenderPeriod/startDate';
    const awards = (release.awards ?? []) as Dated[];
    awards.forEach((award, index) =>
      before(tenderEnd, tenderEndPath, award.date, `awards[${index}]/date`),
    );
    ((release.contracts ?? []) as Dated[]).forEach((contract, index) => {
      const at = `contracts[${index}]`;
      const awardIndex = awards.findIndex((award) => award.id === contract.awardID);
      if (awardIndex >= 0) {
        before(
          awards[awardIndex]!.date,
          `awards[${awardIndex}]/date`,
          contract.dateSigned,
          `${at}/dateSigned`,
        );
      }
      before(
        contract.period?.startDate,
        `${at}/period/startDate`,
        contract.period?.endDate,
        `${at}/period/endDate`,
      );
      (contract.amendments ?? []).forEach((amendment, amendmentIndex) =>
        before(
          contract.dateSigned,
          `${at}/dateSigned`,
          amendment.date,
          `${at}/amendments[${amendmentIndex}]/date`,
        ),
      );
    });
    return found;
  });
}

/** A contract's value may differ from its award's by this much either way (50% to 150%). */
export const CONTRACT_TO_AWARD_RANGE = { low: 0.5, high: 1.5 } as const;

/** `amounts`: a contract's value lies between 50% and 150% of its award's, in one currency. */
export function checkAmounts(output: OcdsOutput): Finding[] {
  return perRelease(output, (release) => {
    const awards = (release.awards ?? []) as Dated[];
    return ((release.contracts ?? []) as Dated[]).flatMap((contract, index) => {
      const award = awards.find((candidate) => candidate.id === contract.awardID);
      const awardAmount = award?.value?.amount;
      const amount = contract.value?.amount;
      if (awardAmount === undefined || amount === undefined || awardAmount <= 0) return [];
      const ratio = amount / awardAmount;
      const sameCurrency = award?.value?.currency === contract.value?.currency;
      if (
        sameCurrency &&
        ratio >= CONTRACT_TO_AWARD_RANGE.low &&
        ratio <= CONTRACT_TO_AWARD_RANGE.high
      ) {
        return [];
      }
      return [
        {
          code: 'amount-out-of-range' as const,
          path: `contracts[${index}]/value/amount`,
          evidence: contract.id!,
          values: {
            amount,
            award: award!.id!,
            awardAmount,
            percent: Math.round(ratio * 1000) / 10,
          },
        },
      ];
    });
  });
}

/**
 * `parties`: every organization a release names (buyer, the tender's procuring entity and
 * tenderers, awards' suppliers, bids' tenderers) is in its parties with that role.
 */
export function checkParties(output: OcdsOutput): Finding[] {
  return perRelease(output, (release) => {
    const roles = new Map<string, string[]>();
    for (const party of release.parties ?? []) roles.set(party.id, party.roles ?? []);
    const references: { id: string | undefined; role: string; path: string }[] = [
      ...(release.buyer ? [{ id: release.buyer.id, role: 'buyer', path: 'buyer/id' }] : []),
      ...(release.tender?.procuringEntity
        ? [
            {
              id: release.tender.procuringEntity.id,
              role: 'procuringEntity',
              path: 'tender/procuringEntity/id',
            },
          ]
        : []),
      ...(release.tender?.tenderers ?? []).map((party, index) => ({
        id: party.id,
        role: 'tenderer',
        path: `tender/tenderers[${index}]/id`,
      })),
      ...(release.awards ?? []).flatMap((award, awardIndex) =>
        (award.suppliers ?? []).map((party, index) => ({
          id: party.id,
          role: 'supplier',
          path: `awards[${awardIndex}]/suppliers[${index}]/id`,
        })),
      ),
      ...(release.bids?.details ?? []).flatMap((bid, bidIndex) =>
        (bid.tenderers ?? []).map((party, index) => ({
          id: party.id,
          role: 'tenderer',
          path: `bids/details[${bidIndex}]/tenderers[${index}]/id`,
        })),
      ),
    ];
    return references.flatMap(({ id, role, path }): Found[] => {
      const has = id === undefined ? undefined : roles.get(id);
      if (!has)
        return [
          { code: 'party-missing', path, values: { id: id ?? '', role }, evidence: id ?? '' },
        ];
      return has.includes(role)
        ? []
        : [{ code: 'party-role-missing', path, values: { id: id!, role }, evidence: id! }];
    });
  });
}

/** `no-empty`: no empty string (or one of spaces), empty object or empty array anywhere. */
export function checkNoEmpty(output: OcdsOutput): Finding[] {
  const findings: Finding[] = [];
  const emptyAt = (value: unknown, path: string, where: Omit<Finding, 'code' | 'path'>) => {
    const empty =
      (typeof value === 'string' && value.trim() === '') ||
      (Array.isArray(value) && value.length === 0) ||
      (isObject(value) && Object.keys(value).length === 0);
    if (empty) findings.push({ ...where, code: 'empty-value', path: path || '(release)' });
  };
  for (const record of records(output)) {
    for (const { release, at } of releasesOf(record)) {
      const where = {
        ocid: record.ocid,
        release: at === 'compiledRelease' ? `${release.id} (compiled)` : release.id,
      };
      walk(release, '', (value, path) => emptyAt(value, path, where));
    }
  }
  // The packages' own fields; their releases are the records' (checked above).
  for (const data of [...output.releasePackages, ...output.recordPackages]) {
    const metadata = Object.fromEntries(
      Object.entries(data).filter(([key]) => key !== 'releases' && key !== 'records'),
    );
    walk(metadata, '', (value, path) => emptyAt(value, path ? `${data.uri}: ${path}` : '', {}));
  }
  return findings;
}

/** How many document URLs `--check-urls` fetches unless told otherwise. */
export const DEFAULT_URL_SAMPLE = 5;

/** Every document URL the releases carry, once each, in the order first met. */
function documentUrls(
  output: OcdsOutput,
): { url: string; ocid: string; release: string; path: string }[] {
  const found = new Map<string, { url: string; ocid: string; release: string; path: string }>();
  for (const record of records(output)) {
    record.releases.forEach((release) =>
      walk(release, '', (value, path) => {
        if (typeof value === 'string' && /documents\[\d+\]\/url$/.test(path) && !found.has(value)) {
          found.set(value, { url: value, ocid: record.ocid, release: release.id, path });
        }
      }),
    );
  }
  return [...found.values()];
}

/**
 * `document-urls`: a sample of the documents' URLs, spread evenly over all of them, each
 * answering 200 (after redirects) to a GET. Only when asked: it goes out to the network.
 */
export async function checkDocumentUrls(
  output: OcdsOutput,
  { sample = DEFAULT_URL_SAMPLE, fetch: get = fetch, timeoutMs = 10_000 }: UrlCheckOptions = {},
): Promise<Finding[]> {
  const all = documentUrls(output);
  const step = all.length / Math.max(1, Math.min(sample, all.length));
  const chosen = Array.from(
    { length: Math.min(sample, all.length) },
    (_, index) => all[Math.floor(index * step)]!,
  );
  const findings: Finding[] = [];
  for (const { url, ocid, release, path } of chosen) {
    let status: string;
    try {
      const answer = await get(url, { redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
      await answer.body?.cancel();
      if (answer.status === 200) continue;
      status = String(answer.status);
    } catch (error) {
      // fetch's own message is "fetch failed"; its cause says why (ENOTFOUND, a timeout…).
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const reason =
        cause instanceof Error
          ? ((cause as NodeJS.ErrnoException).code ?? cause.message)
          : String(cause);
      status = `no answer: ${reason}`;
    }
    findings.push({ code: 'url-not-ok', ocid, release, path, values: { url, status } });
  }
  return findings;
}

export interface UrlCheckOptions {
  /** How many URLs to fetch (DEFAULT_URL_SAMPLE). */
  sample?: number;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface QualityOptions {
  now: Date;
  /** Fetch a sample of the document URLs; left out, that check is skipped. */
  urls?: UrlCheckOptions;
  /** How many problems each check keeps (all of them when not given); `count` says how many there were. */
  limit?: number;
}

const SYNC_CHECKS: Record<
  Exclude<OcdsCheckId, 'document-urls'>,
  (output: OcdsOutput) => Finding[]
> = {
  schema: checkSchema,
  'ocid-prefix': checkOcidPrefix,
  'unique-ids': checkUniqueIds,
  'date-order': checkDateOrder,
  amounts: checkAmounts,
  parties: checkParties,
  'no-empty': checkNoEmpty,
};

/** Runs every check on the output and gathers the answer the CLI prints and the page shows. */
export async function checkOcdsOutput(
  output: OcdsOutput,
  { now, urls, limit = Number.POSITIVE_INFINITY }: QualityOptions,
): Promise<OcdsQualityReport> {
  const checks: OcdsCheckResult[] = [];
  for (const id of OCDS_CHECKS) {
    if (id === 'document-urls' && !urls) {
      checks.push({ id, status: 'skipped', count: 0, problems: [] });
      continue;
    }
    const findings =
      id === 'document-urls' ? await checkDocumentUrls(output, urls) : SYNC_CHECKS[id](output);
    checks.push({
      id,
      status: findings.length === 0 ? 'passed' : 'failed',
      count: findings.length,
      problems: findings.slice(0, limit).map((finding) => ({ check: id, ...finding })),
    });
  }
  const all = records(output);
  return {
    checkedAt: now.toISOString(),
    ocidPrefix: output.ocidPrefix,
    processes: all.length,
    releases: all.reduce((sum, record) => sum + record.releases.length, 0),
    ok: checks.every((check) => check.status !== 'failed'),
    checks,
  };
}

/** By the database's Kysely instance, as the supplier index is (server/suppliers/supplier-index.ts). */
const reports = new WeakMap<
  SiteDatabase['db'],
  { key: string; report: Promise<OcdsQualityReport> }
>();

/**
 * The report /open-data/quality and its JSON show: every check but the document URLs (the
 * web server does not fetch the internet on a visitor's request), each with its first
 * OCDS_PROBLEMS_SHOWN problems. Kept until the next write (the data version), as the
 * render cache keeps the page; undefined without SITE_URL, as there is no OCDS output then.
 * The version is read before the output: a write landing while the report is made leaves it
 * under the older version, so the next call makes it again. The report is kept as it is
 * being made, so requests meanwhile share it.
 */
export async function qualityReport(
  database: SiteDatabase,
  settings: OcdsSettings | undefined,
  now: Date,
): Promise<OcdsQualityReport | undefined> {
  if (!settings) return undefined;
  const version = await currentDataVersion(database);
  const key = JSON.stringify([version, settings.siteUrl, settings.site.openData]);
  const kept = reports.get(database.db);
  if (kept?.key === key) return kept.report;
  const report = collectOcdsOutput(database, settings, now).then((output) =>
    checkOcdsOutput(output, { now, limit: OCDS_PROBLEMS_SHOWN }),
  );
  reports.set(database.db, { key, report });
  return report;
}
