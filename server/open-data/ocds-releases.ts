import {
  recordIdsWithReference,
  releaseRowsFrom,
  type ReleaseRow,
} from '../../db/open-data/ocds-releases.ts';
import { findRecordDetails } from '../../db/records/record-detail-queries.ts';
import type { RecordDetail } from '../../shared/records/record-detail.ts';
import { noticesOfProject, projectByKey } from '../../db/procurement-projects/project-notices.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import { parseManilaInstant } from '../../shared/manila-time.ts';
import { kindByCollection, recordKinds, type RecordKind } from '../../shared/record-kinds.ts';
import { bidsRelease, extensionsOf } from './ocds-bids.ts';
export { BIDS_EXTENSION_URL, extensionsOf } from './ocds-bids.ts';
import { contractChangeReleases } from './ocds-contract-changes.ts';
import { compileReleases } from './ocds-merge.ts';
import { planningRelease } from './ocds-planning.ts';
import {
  buildRelease,
  ocidOf,
  versionsOf,
  type OcdsSettings,
  type RecordVersion,
} from './ocds-release-builder.ts';
import type { PackageMetadata, RecordPackage, Release, ReleasePackage } from './ocds-types.ts';

export type { OcdsSettings } from './ocds-release-builder.ts';

/** Releases per page of /ocds/releases.json. */
export const RELEASES_PAGE_SIZE = 100;

/**
 * Where a harvester stands: releases dated at or after `since`, and when `after` names the
 * last release it has, only those after it in (date, release id) order. Many releases may
 * share a time (an import posts a whole batch at once), so the time alone cannot say
 * which of them were already read.
 */
export interface ReleaseCursor {
  /** ISO 8601 UTC with milliseconds, as stored. */
  since?: string;
  after?: string;
}

export type ParsedCursor = { ok: true; cursor: ReleaseCursor } | { ok: false; message: string };

/**
 * A release id of this site: a notice's, an amendment's or a completion's
 * (`<collection>-<id>-v<version>`), a project's abstract of bids (`bids-<project>-<count>`),
 * or a plan line's planning release (`<process key>-planning`).
 */
const RELEASE_ID =
  /^(?:[a-z_]{1,40}-[1-9][0-9]{0,15}-v[1-9][0-9]{0,9}|bids-[1-9][0-9]{0,15}-[1-9][0-9]{0,9}|[^\s]{1,200}-planning)$/u;

/** Reads `since` and `after` as a URL carries them, or says what is wrong with them. */
export function parseReleaseCursor(query: { since?: unknown; after?: unknown }): ParsedCursor {
  const { since, after } = query;
  if (since !== undefined && typeof since !== 'string') {
    return { ok: false, message: 'Give since only once.' };
  }
  if (after !== undefined && typeof after !== 'string') {
    return { ok: false, message: 'Give after only once.' };
  }
  const time = since ? parseManilaInstant(since, 'since') : undefined;
  if (time && !time.ok) return { ok: false, message: time.message };
  if (after && !since) {
    return { ok: false, message: 'after needs since: follow links.next as given.' };
  }
  if (after && !RELEASE_ID.test(after)) {
    return {
      ok: false,
      message: 'after must be a release id from this site, as links.next gives it.',
    };
  }
  return {
    ok: true,
    cursor: {
      ...(time?.ok ? { since: time.iso } : {}),
      ...(after ? { after } : {}),
    },
  };
}

/**
 * Builds the releases of rows, reading each record (and its history) once: the page's
 * records of each kind in one batch (findRecordDetails), not one read per record. A
 * project's own release (planning, bids, contract amendment, completion) is taken from its
 * process's releases as the record package builds them (processReleases, once per process a
 * page), so the feed and the record packages carry the same releases from one builder. The
 * rows' releases are awaited together, so on PostgreSQL their few reads of their own (a
 * hosted file's size, a contract's award) run side by side on the pool.
 */
async function releasesOfRows(
  database: SiteDatabase,
  settings: OcdsSettings,
  rows: readonly ReleaseRow[],
): Promise<Release[]> {
  const records = await versionedRecords(database, rows);
  const processes = new Map<string, Promise<Release[]>>();
  const built = await Promise.all(
    rows.map(async (row): Promise<Release[]> => {
      if (row.process_key !== null) {
        const ocid = `${settings.site.openData.ocidPrefix}-${row.process_key}`;
        let releases = processes.get(ocid);
        if (!releases) processes.set(ocid, (releases = processReleases(database, settings, ocid)));
        return (await releases).filter((release) => release.id === row.release_id);
      }
      const found = records.get(`${row.collection}-${row.record_id}`);
      if (!found) return [];
      const index = found.versions.findIndex((version) => version.version === row.version);
      if (index < 0) return [];
      return [
        await buildRelease(database, settings, found.kind, found.record, found.versions, index),
      ];
    }),
  );
  return built.flat();
}

/** The records of notices' rows with their versions, by `<collection>-<id>`, one read per kind. */
async function versionedRecords(
  database: SiteDatabase,
  rows: readonly Pick<ReleaseRow, 'collection' | 'record_id' | 'process_key'>[],
) {
  const idsByKind = new Map<RecordKind, number[]>();
  for (const row of rows) {
    const kind = row.process_key === null ? kindByCollection(row.collection) : undefined;
    if (!kind) continue;
    const ids = idsByKind.get(kind);
    if (ids) ids.push(row.record_id);
    else idsByKind.set(kind, [row.record_id]);
  }
  const read = await Promise.all(
    [...idsByKind].map(async ([kind, ids]) => ({
      kind,
      details: await findRecordDetails(database, kind, ids),
    })),
  );
  const records = new Map<
    string,
    { kind: RecordKind; record: RecordDetail; versions: RecordVersion[] }
  >();
  for (const { kind, details } of read) {
    for (const [id, record] of details) {
      records.set(`${kind.collection}-${id}`, { kind, record, versions: versionsOf(kind, record) });
    }
  }
  return records;
}

export interface ReleasesPage {
  releases: Release[];
  /** Where the next page starts; undefined on the last page. */
  next: ReleaseCursor | undefined;
}

/** One page of releases from a cursor, oldest first. */
export async function releasesPage(
  database: SiteDatabase,
  settings: OcdsSettings,
  cursor: ReleaseCursor,
  limit = RELEASES_PAGE_SIZE,
): Promise<ReleasesPage> {
  const rows = await releaseRowsFrom(database, cursor, limit + 1);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    releases: await releasesOfRows(database, settings, page),
    next: more && last ? { since: last.date, after: last.release_id } : undefined,
  };
}

/**
 * Every release from a cursor on, oldest first, read a page at a time so memory stays flat
 * however many there are: for exports that stream a whole release package.
 */
export async function* iterateReleases(
  database: SiteDatabase,
  settings: OcdsSettings,
  cursor: ReleaseCursor = {},
  pageSize = 500,
): AsyncGenerator<Release> {
  let from: ReleaseCursor | undefined = cursor;
  while (from) {
    const page = await releasesPage(database, settings, from, pageSize);
    yield* page.releases;
    from = page.next;
  }
}

/** The URL of the releases page a cursor names. */
export function releasesUrl(settings: OcdsSettings, cursor: ReleaseCursor): string {
  const query = new URLSearchParams({
    ...(cursor.since ? { since: cursor.since } : {}),
    ...(cursor.after ? { after: cursor.after } : {}),
  }).toString();
  return `${settings.siteUrl}/ocds/releases.json${query ? `?${query}` : ''}`;
}

export function recordUrl(settings: OcdsSettings, ocid: string): string {
  return `${settings.siteUrl}/ocds/records/${encodeURIComponent(ocid)}.json`;
}

/**
 * The fields every package of this site carries besides its releases or records;
 * `publishedDate` is when it is made, by the app's clock (the CLI's: the time it runs).
 */
export function packageMetadata(
  settings: OcdsSettings,
  uri: string,
  publishedDate: string,
): PackageMetadata {
  return {
    uri,
    version: '1.1',
    publishedDate,
    publisher: { name: settings.site.municipality.name, uri: settings.siteUrl },
    license: settings.site.openData.license.url,
    publicationPolicy: `${settings.siteUrl}/open-data`,
  };
}

export function releasePackage(
  settings: OcdsSettings,
  releases: Release[],
  { uri, next, now }: { uri: string; next?: ReleaseCursor | undefined; now: Date },
): ReleasePackage {
  return {
    ...packageMetadata(settings, uri, now.toISOString()),
    ...extensionsOf(releases),
    releases,
    ...(next ? { links: { next: releasesUrl(settings, next) } } : {}),
  };
}

/**
 * Records whose releases may belong to a process: the notices of its procurement project,
 * and (for notices attached to none) the one it is named after and those with its PhilGEPS
 * reference now or before.
 */
async function candidateRecords(
  database: SiteDatabase,
  project: { id: number } | undefined,
  identifier: string,
): Promise<{ kind: RecordKind; id: number }[]> {
  const candidates: { kind: RecordKind; id: number }[] = [];
  for (const notice of project ? await noticesOfProject(database, project.id) : []) {
    const kind = kindByCollection(notice.collection);
    if (kind) candidates.push({ kind, id: notice.record_id });
  }
  const own = /^([a-z_]+)-([1-9][0-9]{0,15})$/.exec(identifier);
  const ownKind = own && kindByCollection(own[1]!);
  if (ownKind) candidates.push({ kind: ownKind, id: Number(own![2]) });
  const withReference = recordKinds.filter((kind) =>
    kind.fields.some((spec) => spec.name === 'philgeps_reference'),
  );
  const ids = await Promise.all(
    withReference.map((kind) => recordIdsWithReference(database, kind, identifier)),
  );
  withReference.forEach((kind, index) => {
    for (const id of ids[index]!) candidates.push({ kind, id });
  });
  return candidates;
}

/** Every release of one contracting process, oldest first; empty when there is none. */
export async function processReleases(
  database: SiteDatabase,
  settings: OcdsSettings,
  ocid: string,
): Promise<Release[]> {
  const prefix = `${settings.site.openData.ocidPrefix}-`;
  if (!ocid.startsWith(prefix)) return [];
  const identifier = ocid.slice(prefix.length);
  const project = await projectByKey(database, identifier);
  // A plan line's own release opens its record, before any notice (ocds-planning.ts).
  const [planning, candidates] = await Promise.all([
    planningRelease(database, settings, identifier),
    candidateRecords(database, project, identifier),
  ]);
  const seen = new Set<string>();
  const unique = candidates.filter(({ kind, id }) => {
    const key = `${kind.collection}-${id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const records = await versionedRecords(
    database,
    unique.map(({ kind, id }) => ({
      collection: kind.collection,
      record_id: id,
      process_key: null,
    })),
  );
  const built = await Promise.all(
    unique.map(({ kind, id }) => {
      const found = records.get(`${kind.collection}-${id}`);
      if (!found) return [];
      const { record, versions } = found;
      const processKey = record.project?.processKey;
      return Promise.all(
        versions.flatMap((version, index) =>
          ocidOf(settings, kind, id, version.values, processKey) === ocid
            ? [buildRelease(database, settings, kind, record, versions, index)]
            : [],
        ),
      );
    }),
  );
  const releases: Release[] = [...(planning ? [planning] : []), ...built.flat()];
  releases.sort(byDate);
  // The abstract of bids (issue 34) is the project's own data, not a notice: one release more.
  const bids = project && (await bidsRelease(database, project.id, releases));
  // Amendments and the completion are the project's, not a notice's: releases of their own.
  const changes = await contractChangeReleases(database, settings, identifier, releases);
  return [...releases, ...(bids ? [bids] : []), ...changes].sort(byDate);
}

/** Oldest first; releases of one instant in the order of their ids. */
function byDate(a: Release, b: Release): number {
  return a.date === b.date ? compareText(a.id, b.id) : compareText(a.date, b.date);
}

/** Code-unit order, as SQLite's BINARY collation sorts the releases feed. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The record package of one process, or undefined when the site has no release of it. */
export async function recordPackage(
  database: SiteDatabase,
  settings: OcdsSettings,
  ocid: string,
  now: Date,
): Promise<RecordPackage | undefined> {
  const releases = await processReleases(database, settings, ocid);
  if (releases.length === 0) return undefined;
  return {
    ...packageMetadata(settings, recordUrl(settings, ocid), now.toISOString()),
    ...extensionsOf(releases),
    records: [{ ocid, releases, compiledRelease: compileReleases(releases) }],
  };
}

/**
 * The ocid of every contracting process the site publishes, in code-unit order: those of
 * every release, read through the feed's own builder, so /ocds/records.json and the quality
 * check list exactly the processes whose record packages /ocds/records/<ocid>.json answers.
 */
export async function processOcids(
  database: SiteDatabase,
  settings: OcdsSettings,
): Promise<string[]> {
  const ocids = new Set<string>();
  for await (const release of iterateReleases(database, settings)) ocids.add(release.ocid);
  return [...ocids].sort(compareText);
}

/** Record packages per page of /ocds/records.json. */
export const RECORDS_PAGE_SIZE = 50;

export function recordsUrl(settings: OcdsSettings, page: number): string {
  return `${settings.siteUrl}/ocds/records.json${page > 1 ? `?page=${page}` : ''}`;
}

/**
 * One page of /ocds/records.json: the record packages of RECORDS_PAGE_SIZE processes in
 * ocid order, with links.next and links.prev as OCDS's packaging guidance pages a package.
 * Undefined past the last page, or when the site has no process at all (a record package
 * holds at least one record).
 */
export async function recordsPage(
  database: SiteDatabase,
  settings: OcdsSettings,
  page: number,
  now: Date,
): Promise<RecordPackage | undefined> {
  const ocids = await processOcids(database, settings);
  const start = (page - 1) * RECORDS_PAGE_SIZE;
  const packages = await Promise.all(
    ocids
      .slice(start, start + RECORDS_PAGE_SIZE)
      .map((ocid) => recordPackage(database, settings, ocid, now)),
  );
  const records = packages.flatMap((found) => found?.records ?? []);
  if (records.length === 0) return undefined;
  const next = start + RECORDS_PAGE_SIZE < ocids.length;
  const links = {
    ...(next ? { next: recordsUrl(settings, page + 1) } : {}),
    ...(page > 1 ? { prev: recordsUrl(settings, page - 1) } : {}),
  };
  return {
    ...packageMetadata(settings, recordsUrl(settings, page), now.toISOString()),
    ...extensionsOf(records.flatMap((record) => record.releases)),
    records,
    ...(Object.keys(links).length > 0 ? { links } : {}),
  };
}
