import path from 'node:path';
import { describePlace } from './source-row.ts';
import type { ImportResult } from './two-pass-import.ts';

export interface SummaryContext {
  file: string;
  /** One collection, or "firestore export" for import-firestore. */
  target: string;
  format: string;
  dryRun: boolean;
  seconds: number;
  rejectsFile: string | undefined;
  interruptedBy: string | undefined;
}

function headline(result: ImportResult, context: SummaryContext): string {
  const from = `${context.target} from ${path.basename(context.file)}`;
  switch (result.outcome) {
    case 'completed':
      return `Imported ${from}.`;
    case 'dry-run':
      return `Dry run of ${from}: nothing was written.`;
    case 'refused':
      // A document that changed on disk stops the write pass between batches.
      return result.imported > 0
        ? `Import of ${from} stopped: ${result.imported} rows were committed in whole batches, the rest was not written.`
        : `Import of ${from} refused: nothing was written.`;
    case 'interrupted':
      return `Import of ${from} interrupted by ${context.interruptedBy ?? 'a signal'}: ${result.imported} rows were committed in whole batches, the rest was not written.`;
  }
}

export function summaryText(result: ImportResult, context: SummaryContext): string {
  const importedLabel = result.outcome === 'dry-run' ? 'would be imported' : 'imported';
  const rows: [string, string][] = [
    ['rows read', String(result.rowsRead)],
    [importedLabel, String(result.imported)],
    ['skipped as duplicates', String(result.duplicates)],
    ['rejected', String(result.rejected)],
  ];
  if (result.documents > 0) rows.push(['documents (distinct files)', String(result.documents)]);
  rows.push(['time taken', `${context.seconds.toFixed(2)} s`]);
  if (context.rejectsFile && result.rejected > 0 && result.outcome !== 'dry-run') {
    rows.push(['rejected rows written to', context.rejectsFile]);
  }
  const width = Math.max(...rows.map(([label]) => label.length));
  return (
    [
      headline(result, context),
      ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`),
    ].join('\n') + '\n'
  );
}

export function summaryJson(result: ImportResult, context: SummaryContext): string {
  return (
    JSON.stringify(
      {
        outcome: result.outcome,
        target: context.target,
        file: path.resolve(context.file),
        format: context.format,
        dryRun: context.dryRun,
        rowsRead: result.rowsRead,
        imported: result.imported,
        duplicates: result.duplicates,
        rejected: result.rejected,
        documents: result.documents,
        seconds: Number(context.seconds.toFixed(3)),
        // resourceUsage() reports kilobytes.
        maxRssBytes: process.resourceUsage().maxRSS * 1024,
        ...(context.interruptedBy ? { interruptedBy: context.interruptedBy } : {}),
        ...(result.refusal ? { refusal: result.refusal } : {}),
        ...(context.rejectsFile && result.rejected > 0 && result.outcome !== 'dry-run'
          ? { rejectsFile: path.resolve(context.rejectsFile) }
          : {}),
        badRows: result.badRows.map((bad) => ({
          collection: bad.collection,
          ...bad.place,
          errors: bad.errors,
        })),
        badRowsOmitted: result.rejected - result.badRows.length,
      },
      null,
      2,
    ) + '\n'
  );
}

/** One line per bad field, e.g. "line 7, link: Link must be a full web address …". */
export function badRowLines(
  row: Parameters<typeof describePlace>[0],
  errors: Record<string, string>,
  withCollection: boolean,
): string {
  const where = describePlace(row, withCollection);
  return Object.entries(errors)
    .map(([field, reason]) => `${where}, ${field}: ${reason}\n`)
    .join('');
}
