import type { AppDatabase } from '../../db/connection.ts';
import type { RecordKind } from '../../db/record-kinds.ts';
import type { RecordValues } from '../../db/record-queries.ts';
import { importWriter, inTransaction, seenRecords, type ImportWriter } from '../../db/record-import.ts';
import type { OpenedSource } from './file-stream.ts';
import type { Progress } from './progress.ts';
import type { RejectsFile } from './rejects-file.ts';
import { checkRow } from './row-check.ts';
import { ImportFileError, type RowPlace, type SourceRow } from './source-row.ts';

export interface ImportSettings {
  database: AppDatabase;
  /** Opens the file from its start; called once per pass. */
  open: () => OpenedSource;
  fileSize: number;
  dryRun: boolean;
  skipInvalid: boolean;
  batchSize: number;
  /** Where rejected rows go with --skip-invalid. */
  rejects: RejectsFile | undefined;
  progress: Progress;
  /** Aborted by Ctrl-C or a termination signal; the run stops at the next row. */
  signal: AbortSignal;
  /** Told about each bad row as it is found, so the report lists all of them however many. */
  onBadRow: (row: SourceRow, errors: Record<string, string>) => void;
}

export type ImportOutcome = 'completed' | 'dry-run' | 'refused' | 'interrupted';

export interface BadRow {
  collection: string;
  place: RowPlace;
  errors: Record<string, string>;
}

export interface ImportResult {
  outcome: ImportOutcome;
  /** Rows read from the file; for an interrupted write, how far the writing got. */
  rowsRead: number;
  imported: number;
  duplicates: number;
  rejected: number;
  /** The first bad rows, for the machine-readable summary; every one is also passed to onBadRow. */
  badRows: BadRow[];
  /** Why nothing (more) was written, for a refused import. */
  refusal?: string;
}

/** Enough bad rows to fix a file in one go without letting a broken file fill the memory. */
export const BAD_ROWS_KEPT = 1000;
const PROGRESS_EVERY = 256;

type Pending = { kind: RecordKind; values: RecordValues; created: Date };

function emptyResult(outcome: ImportOutcome): ImportResult {
  return { outcome, rowsRead: 0, imported: 0, duplicates: 0, rejected: 0, badRows: [] };
}

/**
 * Imports in two passes over the file, both streamed. The first checks every row (and, in a
 * dry run, finds duplicates) without writing; only if the file is fit does the second read
 * it again and write in batches, each its own transaction, so an interruption or a crash
 * leaves whole batches only. A row identical to a stored one, or to an earlier row of the
 * file, is skipped.
 */
export async function runImport(settings: ImportSettings): Promise<ImportResult> {
  const check = await checkPass(settings);
  if (check.outcome !== 'completed' || settings.dryRun) return check;
  if (check.rejected > 0 && !settings.skipInvalid) {
    return { ...check, outcome: 'refused', refusal: 'Nothing was imported because some rows are invalid.' };
  }
  const written = await writePass(settings, check.rowsRead);
  return { ...written, badRows: check.badRows };
}

function writerCache(database: AppDatabase): (kind: RecordKind) => ImportWriter {
  const writers = new Map<RecordKind, ImportWriter>();
  return (kind) => {
    let writer = writers.get(kind);
    if (!writer) writers.set(kind, (writer = importWriter(database, kind)));
    return writer;
  };
}

async function checkPass(settings: ImportSettings): Promise<ImportResult> {
  const { database, progress, signal } = settings;
  const result = emptyResult(settings.dryRun ? 'dry-run' : 'completed');
  const importTime = new Date();
  const writerFor = writerCache(database);
  const seen = settings.dryRun ? seenRecords(database) : undefined;
  const source = settings.open();
  progress.start(settings.dryRun ? 'Checking (dry run)' : 'Checking', settings.fileSize);
  try {
    for await (const row of source.rows) {
      if (signal.aborted) return { ...result, outcome: 'interrupted' };
      result.rowsRead++;
      const checked = row.problems ? { ok: false as const, errors: row.problems } : checkRow(row.kind, row.data, importTime);
      if (!checked.ok) {
        result.rejected++;
        if (result.badRows.length < BAD_ROWS_KEPT) {
          result.badRows.push({ collection: row.kind.collection, place: row.place, errors: checked.errors });
        }
        settings.onBadRow(row, checked.errors);
      } else if (seen) {
        const duplicate =
          !seen.firstSighting(row.kind, checked.values) || writerFor(row.kind).isStored(checked.values);
        if (duplicate) result.duplicates++;
        else result.imported++;
      }
      if (result.rowsRead % PROGRESS_EVERY === 0) progress.update(source.bytesRead(), result.rowsRead);
    }
  } catch (error) {
    if (error instanceof ImportFileError) return { ...result, outcome: 'refused', refusal: error.message };
    throw error;
  } finally {
    progress.stop();
    seen?.dispose();
  }
  return signal.aborted ? { ...result, outcome: 'interrupted' } : result;
}

async function writePass(settings: ImportSettings, totalRows: number): Promise<ImportResult> {
  const { database, progress, signal, rejects } = settings;
  const result = emptyResult('completed');
  const importTime = new Date();
  const writerFor = writerCache(database);
  let batch: Pending[] = [];

  const commit = () => {
    const stored = inTransaction(database, () =>
      batch.filter(({ kind, values, created }) => writerFor(kind).insertIfNew(values, created)).length,
    );
    result.imported += stored;
    result.duplicates += batch.length - stored;
    batch = [];
  };

  const source = settings.open();
  progress.start('Importing', totalRows);
  try {
    for await (const row of source.rows) {
      // Rows read into the open batch are dropped, not half-written: the batch never started.
      if (signal.aborted) return { ...result, outcome: 'interrupted' };
      const checked = row.problems ? { ok: false as const, errors: row.problems } : checkRow(row.kind, row.data, importTime);
      if (checked.ok) {
        batch.push({ kind: row.kind, values: checked.values, created: checked.created });
      } else if (settings.skipInvalid) {
        result.rejected++;
        await rejects?.write(row, checked.errors);
      } else {
        return { ...result, outcome: 'refused', refusal: 'The file changed while it was being imported.' };
      }
      result.rowsRead++;
      if (batch.length >= settings.batchSize) commit();
      if (result.rowsRead % PROGRESS_EVERY === 0) progress.update(result.rowsRead, result.rowsRead);
    }
    if (signal.aborted) return { ...result, outcome: 'interrupted' };
    if (batch.length > 0) commit();
  } catch (error) {
    if (error instanceof ImportFileError) {
      return { ...result, outcome: 'refused', refusal: `The file changed while it was being imported: ${error.message}` };
    }
    throw error;
  } finally {
    progress.stop();
    await rejects?.close();
  }
  return result;
}
