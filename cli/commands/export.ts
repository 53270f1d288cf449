import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Option, type Command } from 'commander';
import type { SiteDatabase } from '../../db/site-database.ts';
import { countProjectReleasesSince, countReleasesSince } from '../../db/open-data/ocds-releases.ts';
import { countExport, exportChunks, type ExportFilter } from '../../db/records/record-export.ts';
import type { ProcurementRecord } from '../../shared/records/list-query.ts';
import { parseManilaInstant } from '../../shared/manila-time.ts';
import {
  kindByCollection,
  kindByValue,
  recordKinds,
  type RecordKind,
} from '../../shared/record-kinds.ts';
import { loadConfig } from '../../server/config.ts';
import { withSiteDatabase } from '../database.ts';
import { EXIT, usageError } from '../exit-codes.ts';
import { createProgress, type Progress } from '../import/progress.ts';
import { interruptSignals } from '../interrupt-signals.ts';
import { RECORD_FILE_FORMATS, recordFileFormatOf } from './record-file-formats.ts';

const FORMATS = [...RECORD_FILE_FORMATS, 'ocds'] as const;
type Format = (typeof FORMATS)[number];

interface ExportOptions {
  format?: Format;
  since?: string;
  out?: string;
  quiet?: boolean;
}

/** One collection, named as the import names it, or every collection. */
function kindsNamed(name: string): RecordKind[] {
  if (name === 'all') return [...recordKinds];
  const kind = kindByCollection(name) ?? kindByValue(name);
  if (!kind) {
    throw usageError(
      `Unknown collection "${name}". Say all, or one of: ${recordKinds.map((known) => known.collection).join(', ')}.`,
    );
  }
  return [kind];
}

/**
 * --format, else the --out file's extension, else (standard output) what a spreadsheet
 * opens: CSV for one collection, NDJSON for all of them, which one CSV cannot hold.
 */
function formatOf(options: ExportOptions, kinds: readonly RecordKind[]): Format {
  if (options.format) return options.format;
  if (!options.out) return kinds.length === 1 ? 'csv' : 'ndjson';
  const inferred = recordFileFormatOf(options.out);
  if (!inferred) throw usageError('Say the format with --format csv, json, ndjson or ocds.');
  return inferred;
}

/** --since as an ISO 8601 UTC time: a time with its zone, a Manila time, or a Manila day from its start. */
function sinceOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const since = parseManilaInstant(text, '--since');
  if (!since.ok) throw usageError(since.message);
  return since.iso;
}

/** Counts records as they pass and shows it; the source is still pulled one chunk at a time. */
async function* counted<T>(
  chunks: AsyncIterable<T[]>,
  progress: Progress,
  counter: { rows: number },
): AsyncGenerator<T[]> {
  for await (const chunk of chunks) {
    counter.rows += chunk.length;
    progress.update(counter.rows, counter.rows);
    yield chunk;
  }
}

/** Each kind's records in turn, labelled with their collection when several kinds share a file. */
async function* recordsOf(
  database: SiteDatabase,
  kinds: readonly RecordKind[],
  filter: ExportFilter,
): AsyncGenerator<ProcurementRecord[]> {
  for (const kind of kinds) {
    for await (const chunk of exportChunks(database, kind, filter)) {
      yield kinds.length === 1
        ? chunk
        : chunk.map((record) => ({ collection: kind.collection, ...record }));
    }
  }
}

interface Source {
  stream: Readable;
  /** What the progress bar counts to: records, or for OCDS releases. */
  total: number;
  unit: string;
}

/**
 * SITE_URL as set: an export leaves this machine, so the server's stand-in for a loopback
 * listener without SITE_URL (http://localhost:PORT) must not be written into it.
 */
function publishedSiteUrl(): string | undefined {
  const { siteUrl, siteUrlIsLocal } = loadConfig();
  return siteUrlIsLocal ? undefined : siteUrl;
}

async function recordSource(
  database: SiteDatabase,
  kinds: readonly RecordKind[],
  format: Exclude<Format, 'ocds'>,
  filter: ExportFilter,
  progress: Progress,
  counter: { rows: number },
): Promise<Source> {
  const counts = await Promise.all(kinds.map((kind) => countExport(database, kind, filter)));
  const total = counts.reduce((sum, count) => sum + count, 0);
  const chunks = counted(recordsOf(database, kinds, filter), progress, counter);
  const siteUrl = publishedSiteUrl();
  switch (format) {
    case 'csv': {
      if (kinds.length > 1) {
        throw usageError(
          'A CSV file holds one collection, whose fields are its columns: export one collection at a time, or use --format json or ndjson for all.',
        );
      }
      const { csvStream } = await import('../../server/open-data/csv.ts');
      return { stream: csvStream(kinds[0]!, chunks, siteUrl), total, unit: 'records' };
    }
    case 'json':
      return {
        stream: (await import('../../server/open-data/json.ts')).jsonItemsStream(chunks),
        total,
        unit: 'records',
      };
    case 'ndjson':
      return {
        stream: (await import('../../server/open-data/json.ts')).ndjsonStream(chunks),
        total,
        unit: 'records',
      };
  }
}

/**
 * An OCDS 1.1 release package of every release (each posting, correction and withdrawal)
 * of the chosen collections, oldest first, as the site's /ocds/releases.json pages them,
 * streamed release by release.
 */
async function ocdsSource(
  database: SiteDatabase,
  kinds: readonly RecordKind[],
  since: string | undefined,
  progress: Progress,
  counter: { rows: number },
): Promise<Source> {
  const siteUrl = publishedSiteUrl();
  const { contentDir } = loadConfig();
  if (!siteUrl) {
    throw usageError(
      'OCDS needs absolute URLs: set SITE_URL to the public address, e.g. SITE_URL=https://procurement.example.gov.ph',
    );
  }
  const { loadContent } = await import('../../server/content/load.ts');
  const { extensionsOf, iterateReleases, packageMetadata, releasesUrl } =
    await import('../../server/open-data/ocds-releases.ts');
  const settings = { siteUrl, site: (await loadContent(contentDir)).site };
  const cursor = since ? { since } : {};
  const wanted = new Set(kinds.map((kind) => kind.collection));
  // All collections: the feed's every release, the projects' own (planning, bids, contract
  // amendments, completions) included; one collection: its notices' releases only.
  const everything = kinds.length === recordKinds.length;
  const counts = await Promise.all(kinds.map((kind) => countReleasesSince(database, kind, since)));
  const total =
    counts.reduce((sum, count) => sum + count, 0) +
    (everything ? await countProjectReleasesSince(database, since) : 0);
  const metadata = JSON.stringify(
    packageMetadata(settings, releasesUrl(settings, cursor), new Date().toISOString()),
  );
  async function* text(): AsyncGenerator<Buffer> {
    yield Buffer.from(`${metadata.slice(0, -1)},"releases":[`);
    let first = true;
    const extensions = new Set<string>();
    for await (const release of iterateReleases(database, settings, cursor)) {
      // A notice's release id is <collection>-<record id>-v<version>.
      if (!everything && !wanted.has(release.id.replace(/-\d+-v\d+$/, ''))) continue;
      for (const url of extensionsOf([release]).extensions ?? []) extensions.add(url);
      counter.rows += 1;
      progress.update(counter.rows, counter.rows);
      yield Buffer.from(`${first ? '\n' : ',\n'}${JSON.stringify(release)}`);
      first = false;
    }
    // Known once the releases are read: the extensions follow them (a package's keys have no order).
    const tail = extensions.size > 0 ? `,"extensions":${JSON.stringify([...extensions])}` : '';
    yield Buffer.from(`\n]${tail}}\n`);
  }
  return { stream: Readable.from(text(), { objectMode: false }), total, unit: 'releases' };
}

async function runExport(name: string, options: ExportOptions, command: Command): Promise<void> {
  const kinds = kindsNamed(name);
  const format = formatOf(options, kinds);
  const since = sinceOf(options.since);
  const filter: ExportFilter = { q: '', ...(since ? { since } : {}) };
  await withSiteDatabase(
    command,
    async (database) => {
      const progress = createProgress(options.quiet || !process.stderr.isTTY ? 'off' : 'bar');
      const counter = { rows: 0 };
      const source =
        format === 'ocds'
          ? await ocdsSource(database, kinds, since, progress, counter)
          : await recordSource(database, kinds, format, filter, progress, counter);
      const partial = options.out ? `${options.out}.partial` : undefined;
      const target: Writable = partial ? createWriteStream(partial) : process.stdout;
      // Ctrl-C or SIGTERM stops the export, so a partial file is removed instead of left behind.
      const signals = interruptSignals();
      progress.start(`Exporting ${source.unit}`, source.total);
      try {
        await pipeline(source.stream, target, {
          signal: signals.signal,
          end: partial !== undefined,
        });
        if (partial) await rename(partial, options.out!);
      } catch (error) {
        if (partial) await rm(partial, { force: true });
        const interrupted = signals.received();
        if (interrupted) {
          process.exitCode = EXIT.interrupted[interrupted as keyof typeof EXIT.interrupted];
          return;
        }
        // The reader of standard output went away (e.g. `| head`): nothing is wrong here.
        if ((error as NodeJS.ErrnoException).code === 'EPIPE') return;
        throw error;
      } finally {
        progress.stop();
        signals.release();
      }
      if (options.out) {
        process.stderr.write(
          `Exported ${counter.rows.toLocaleString('en-US')} ${source.unit} to ${options.out}.\n`,
        );
      }
    },
    // An export reads: it never creates a database, nor migrates one.
    { existing: true },
  );
}

export function registerExport(program: Command): void {
  program
    .command('export')
    .description(
      'Export the published procurement records of one collection, or of all, as CSV, JSON, NDJSON or an OCDS 1.1 release package, streamed to standard output or a file.',
    )
    .argument(
      '<collection>',
      'a collection, e.g. notice_of_awards (dropdown values such as notice_of_award work too), or all',
    )
    .addOption(
      new Option(
        '--format <format>',
        'the output format (default: from the --out extension; to standard output, csv for one collection and ndjson for all)',
      ).choices(FORMATS),
    )
    .option(
      '--since <time>',
      'only records posted or last changed at or after this time (for ocds: releases dated from it): a Manila day (2026-01-31), a Manila time (2026-01-31T08:00) or ISO 8601 with a zone',
    )
    .option(
      '--out <file>',
      'write to this file instead of standard output; it appears only once complete',
    )
    .option('--quiet', 'no progress bar')
    .addHelpText(
      'after',
      `
Formats:
  csv     one collection; the columns of its downloads (<list route>.csv): id, the fields
          as "municipal import" reads them, created, status, url, document_sha256.
          Imports back as it is: municipal import <collection> <file>.csv
  json    {"items": [...]}: the read API's record objects, newest first
  ndjson  the same objects, one per line
  ocds    an OCDS 1.1 release package (needs SITE_URL), oldest release first
With "all", each json or ndjson object also names its "collection". Withdrawn records
are left out, as from the public lists; OCDS has their withdrawals as releases.
Absolute permalinks (url) come from SITE_URL; without it they are site-relative.

Examples:
  $ municipal export notice_of_awards --format csv --out awards.csv
  $ municipal export svp > svp.csv
  $ municipal export all --format ndjson --since 2026-01-01 > changes.ndjson
  $ SITE_URL=https://procurement.example.gov.ph municipal export all --format ocds --out ocds.json`,
    )
    .action(async (name: string, options: ExportOptions, self: Command) =>
      runExport(name, options, self),
    );
}
