import { statSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { writeAudit } from '../../db/audit-log.ts';
import { documentsDir } from '../../server/documents/document-store.ts';
import { loadConfig } from '../../server/config.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { dataDir, withSiteDatabase } from '../database.ts';
import { EXIT, usageError } from '../exit-codes.ts';
import { activeOperator } from '../operator.ts';
import { documentChecker, storeImportedDocument } from './document-column.ts';
import type { OpenedSource } from './file-stream.ts';
import type { ImportOptions } from './import-options.ts';
import { createProgress, type ProgressMode } from './progress.ts';
import { rejectsFile, type RejectsFormat } from './rejects-file.ts';
import { runImport, type ImportResult } from './two-pass-import.ts';
import { badRowLines, summaryJson, summaryText, type SummaryContext } from './summary.ts';
import { interruptSignals } from '../interrupt-signals.ts';

export interface ImportJob {
  command: Command;
  file: string;
  target: string;
  format: string;
  /** The kind of every row, when the file holds one collection; its columns shape a CSV rejects file. */
  kind: RecordKind | undefined;
  rejectsFormat: RejectsFormat;
  open: () => OpenedSource;
  options: ImportOptions;
}

function fileSize(file: string): number {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (!stats) throw usageError(`No such file: ${file}`);
  if (!stats.isFile()) throw usageError(`Not a file: ${file}`);
  return stats.size;
}

function progressMode(options: ImportOptions): ProgressMode {
  if (options.quiet) return 'off';
  return process.stderr.isTTY ? 'bar' : 'lines';
}

/** Ctrl-C or SIGTERM asks the import to stop after the batch being written; a second one stops at once. */
function stopOnSignals() {
  return interruptSignals({
    onFirst: (name) =>
      process.stderr.write(
        `\n${name}: stopping after the current batch (press again to stop at once)…\n`,
      ),
  });
}

function exitCodeOf(result: ImportResult, signal: NodeJS.Signals | undefined): number {
  if (result.outcome === 'interrupted')
    return EXIT.interrupted[signal as keyof typeof EXIT.interrupted] ?? EXIT.refused;
  if (result.outcome === 'refused' || result.rejected > 0) return EXIT.refused;
  return EXIT.ok;
}

export async function executeImport(job: ImportJob): Promise<void> {
  const { options } = job;
  if (!options.dryRun && !options.as) {
    throw usageError(
      'Say who is importing with --as <staff e-mail> (or use --dry-run to only check the file).',
    );
  }
  if (options.rejects && !options.skipInvalid)
    throw usageError('--rejects only applies with --skip-invalid.');
  const size = fileSize(job.file);
  const rejectsPath = options.skipInvalid
    ? (options.rejects ?? `${job.file}.rejects.${job.rejectsFormat}`)
    : undefined;
  // Document paths in the file are relative to the file, wherever the command runs.
  const documentBase = path.dirname(path.resolve(job.file));
  const documentStore = documentsDir(dataDir(job.command));
  const { maxDocumentBytes } = loadConfig();

  await withSiteDatabase(job.command, async (database) => {
    const operator = options.dryRun ? undefined : await activeOperator(database, options.as!);
    const signals = stopOnSignals();
    const startedAt = performance.now();
    const withCollection = job.kind === undefined;
    let result: ImportResult;
    try {
      result = await runImport({
        database,
        open: job.open,
        fileSize: size,
        dryRun: options.dryRun ?? false,
        actor: operator,
        skipInvalid: options.skipInvalid ?? false,
        batchSize: options.batchSize,
        rejects: rejectsPath
          ? rejectsFile(rejectsPath, job.rejectsFormat, job.kind, documentBase)
          : undefined,
        progress: createProgress(progressMode(options)),
        signal: signals.signal,
        onBadRow: (row, errors) => process.stderr.write(badRowLines(row, errors, withCollection)),
        checkDocument: documentChecker(documentBase, maxDocumentBytes),
        storeDocument: (document) =>
          storeImportedDocument(documentStore, document, maxDocumentBytes),
      });
    } finally {
      signals.release();
    }
    const context: SummaryContext = {
      file: job.file,
      target: job.target,
      format: job.format,
      dryRun: options.dryRun ?? false,
      seconds: (performance.now() - startedAt) / 1000,
      rejectsFile: rejectsPath,
      interruptedBy: signals.received(),
    };
    if (operator) {
      await writeAudit(database, {
        action: 'import',
        actor: operator,
        address: null,
        detail: {
          target: job.target,
          file: job.file,
          format: job.format,
          outcome: result.outcome,
          rowsRead: result.rowsRead,
          imported: result.imported,
          duplicates: result.duplicates,
          rejected: result.rejected,
          documents: result.documents,
        },
      });
    }
    if (result.refusal) process.stderr.write(`${result.refusal}\n`);
    process.stdout.write(
      options.json ? summaryJson(result, context) : summaryText(result, context),
    );
    process.exitCode = exitCodeOf(result, signals.received());
  });
}
