import { setImmediate } from 'node:timers/promises';
import {
  prepareBulkWrites,
  withImportStaging,
  type ImportStaging,
  type StagedDocument,
  type StagedRecord,
} from '../../db/records/record-import.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import { DocumentChanged, type DocumentLookup } from './document-column.ts';
import type { OpenedSource } from './file-stream.ts';
import type { Progress } from './progress.ts';
import type { RejectsFile } from './rejects-file.ts';
import { checkRow } from './row-check.ts';
import { projectNamedBy } from '../../db/procurement-projects/project-notices.ts';
import { ImportFileError, type RowPlace, type SourceRow } from './source-row.ts';

export interface ImportSettings {
  /** Either engine; on PostgreSQL the import holds one of its connections while it runs. */
  database: SiteDatabase;
  /** Opens the file from its start; called once per pass. */
  open: () => OpenedSource;
  fileSize: number;
  dryRun: boolean;
  /** The staff e-mail every stored record's audit entry names; needed unless dryRun. */
  actor: string | undefined;
  skipInvalid: boolean;
  batchSize: number;
  /** Where rejected rows go with --skip-invalid; closed when the run ends. */
  rejects: RejectsFile | undefined;
  progress: Progress;
  /** Aborted by Ctrl-C or a termination signal; the run stops at the next row. */
  signal: AbortSignal;
  /** Told about each bad row as it is found, so the report lists all of them however many. */
  onBadRow: (row: SourceRow, errors: Record<string, string>) => void;
  /** Checks the file a `document` column names, in the first pass; stores nothing. */
  checkDocument: (value: string) => Promise<DocumentLookup>;
  /** Puts a checked file into the document store, in the write pass. */
  storeDocument: (document: StagedDocument) => Promise<void>;
}

export type ImportOutcome = 'completed' | 'dry-run' | 'refused' | 'interrupted';

export interface BadRow {
  collection: string;
  place: RowPlace;
  errors: Record<string, string>;
}

export interface ImportResult {
  outcome: ImportOutcome;
  /** Rows read from the file (all of them, unless interrupted while checking). */
  rowsRead: number;
  imported: number;
  duplicates: number;
  rejected: number;
  /** Distinct files of the `document` column that passed their check, for the summary. */
  documents: number;
  /** The first bad rows, for the machine-readable summary; every one is also passed to onBadRow. */
  badRows: BadRow[];
  /** Why nothing (more) was written, for a refused import. */
  refusal?: string;
}

/** Enough bad rows to fix a file in one go without letting a broken file fill the memory. */
export const BAD_ROWS_KEPT = 1000;
const PROGRESS_EVERY = 256;

function emptyResult(outcome: ImportOutcome): ImportResult {
  return {
    outcome,
    rowsRead: 0,
    imported: 0,
    duplicates: 0,
    rejected: 0,
    documents: 0,
    badRows: [],
  };
}

/**
 * Imports in two passes. The first streams the file once, checks every row and stages the
 * good ones in a temporary table (a dry run then counts what would be stored and the
 * duplicates, and writes nothing); only if the file is fit does the second write the staged
 * records in batches, each its own transaction with an audit entry per record, so an
 * interruption or a crash leaves whole batches only, every record audited. A record
 * identical to a stored one, or to an earlier row of the file, is skipped. A file named in
 * a `document` column is checked and hashed in the first pass and stored in the second,
 * just before the batch that first links to it, whose transaction also holds its
 * `documents` row and audit entry. Runs on either engine.
 */
export async function runImport(settings: ImportSettings): Promise<ImportResult> {
  const { dryRun, actor } = settings;
  if (!dryRun && !actor)
    throw new Error('An import that writes needs the staff member to audit it under.');
  try {
    return await withImportStaging(settings.database, async (staging) => {
      const check = await checkPass(settings, staging);
      if (dryRun) return await dryRunCounts(staging, check);
      if (check.outcome !== 'completed') return check;
      if (check.rejected > 0 && !settings.skipInvalid) {
        return {
          ...check,
          outcome: 'refused',
          refusal: 'Nothing was imported because some rows are invalid.',
        };
      }
      return await writePass(settings, staging, actor!, check);
    });
  } finally {
    await settings.rejects?.close();
  }
}

/** A dry run's counts: the staged records an import would store, and the duplicates among them. */
async function dryRunCounts(staging: ImportStaging, check: ImportResult): Promise<ImportResult> {
  const imported = await staging.newRecords();
  return { ...check, imported, duplicates: staging.count() - imported };
}

const STAGE_EVERY = 1000;

const UNKNOWN_PROJECT =
  'names no procurement project: give its OCID, its APP code, or a PR number one of its notices already has (one project only)';

async function checkPass(settings: ImportSettings, staging: ImportStaging): Promise<ImportResult> {
  const { dryRun, progress, signal, rejects } = settings;
  const { database } = staging;
  const result = emptyResult(dryRun ? 'dry-run' : 'completed');
  const importTime = new Date();
  let pending: StagedRecord[] = [];
  const documents = new Set<string>();
  const reject = async (row: SourceRow, errors: Record<string, string>) => {
    result.rejected++;
    if (result.badRows.length < BAD_ROWS_KEPT) {
      result.badRows.push({ collection: row.kind.collection, place: row.place, errors });
    }
    settings.onBadRow(row, errors);
    await rejects?.write(row, errors);
  };
  const source = settings.open();
  progress.start(dryRun ? 'Checking (dry run)' : 'Checking', settings.fileSize);
  try {
    for await (const row of source.rows) {
      if (signal.aborted) return { ...result, outcome: 'interrupted' };
      result.rowsRead++;
      const checked = row.problems
        ? { ok: false as const, errors: row.problems }
        : checkRow(row.kind, row.data, importTime);
      const lookup =
        checked.ok && checked.document ? await settings.checkDocument(checked.document) : undefined;
      const projectId =
        checked.ok && checked.project !== undefined
          ? await projectNamedBy(database, checked.project)
          : undefined;
      if (!checked.ok) {
        await reject(row, checked.errors);
      } else if (lookup && !lookup.ok) {
        await reject(row, { document: lookup.reason });
      } else if (checked.project !== undefined && projectId === undefined) {
        await reject(row, { project: UNKNOWN_PROJECT });
      } else {
        if (lookup) {
          checked.values.link = lookup.link;
          documents.add(lookup.document.sha256);
        }
        pending.push({
          kind: row.kind,
          values: checked.values,
          created: checked.created,
          document: lookup?.document,
          projectId,
        });
        if (pending.length >= STAGE_EVERY) {
          await staging.add(pending);
          pending = [];
        }
      }
      if (result.rowsRead % PROGRESS_EVERY === 0)
        progress.update(source.bytesRead(), result.rowsRead);
    }
    await staging.add(pending);
    result.documents = documents.size;
  } catch (error) {
    if (error instanceof ImportFileError)
      return { ...result, outcome: 'refused', refusal: error.message };
    throw error;
  } finally {
    progress.stop();
  }
  return signal.aborted ? { ...result, outcome: 'interrupted' } : result;
}

async function writePass(
  settings: ImportSettings,
  staging: ImportStaging,
  actor: string,
  check: ImportResult,
): Promise<ImportResult> {
  const { progress, signal } = settings;
  const result: ImportResult = { ...check, imported: 0, duplicates: 0 };
  const staged = staging.count();
  const finishBulkWrites = await prepareBulkWrites(staging.database);
  progress.start('Importing', staged);
  try {
    for (let first = 1; first <= staged; first += settings.batchSize) {
      // Signals are handled between batches only: a batch is one transaction.
      await setImmediate();
      if (signal.aborted) return { ...result, outcome: 'interrupted' };
      const last = Math.min(first + settings.batchSize - 1, staged);
      const documents = await staging.documentsFirstIn(first, last);
      for (const document of documents) await settings.storeDocument(document);
      const stored = await staging.commit(first, last, documents, { actor });
      result.imported += stored;
      result.duplicates += last - first + 1 - stored;
      progress.update(last, last);
    }
  } catch (error) {
    if (error instanceof DocumentChanged) {
      return { ...result, outcome: 'refused', refusal: error.message };
    }
    throw error;
  } finally {
    progress.stop();
    await finishBulkWrites();
  }
  return result;
}
