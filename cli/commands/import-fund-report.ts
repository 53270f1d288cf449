import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import {
  fundReportColumns,
  isFundAmountColumn,
} from '../../shared/fund-report/fund-report-columns.ts';
import {
  parseQuarterEnd,
  quarterEndFromWords,
  quarterEndInWords,
} from '../../shared/fund-report/fund-report-quarters.ts';
import { withSiteDatabase } from '../database.ts';
import { refusal, usageError } from '../exit-codes.ts';
import { activeOperator } from '../operator.ts';

function quarterEnd(text: string): string {
  const parsed = parseQuarterEnd(text);
  if (!parsed.ok) throw new InvalidArgumentError(`${parsed.message}.`);
  return parsed.endedOn;
}

const amountHeadings = fundReportColumns
  .filter(([key]) => isFundAmountColumn(key))
  .map(([, label]) => label)
  .join(' and ');

/** Reads the file; any problem with it is the operator's to fix, said without a stack trace. */
async function rowsOf(file: string) {
  const { readFundReportCsv } = await import('./fund-report-csv.ts');
  const { ImportFileError } = await import('../import/source-row.ts');
  try {
    return await readFundReportCsv(file);
  } catch (error) {
    if (error instanceof ImportFileError) throw refusal(`${file}: ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES')
      throw refusal(`Cannot read ${file}: ${(error as Error).message}`);
    throw error;
  }
}

/** The quarters content/accounting.json holds, by their last day. */
async function contentQuarterEnds(): Promise<Set<string | undefined>> {
  const { loadConfig } = await import('../../server/config.ts');
  const { loadContent } = await import('../../server/content/load.ts');
  const { accounting } = await loadContent(loadConfig().contentDir);
  return new Set(
    accounting.fundReport.quarters.map((quarter) => quarterEndFromWords(quarter.endedOn)),
  );
}

async function importFundReport(file: string, _: unknown, command: Command): Promise<void> {
  // import itself knows --as and --dry-run and takes them wherever they are written, so
  // they are read with the parent's options merged in.
  const options = command.optsWithGlobals<{ quarter: string; as?: string; dryRun?: boolean }>();
  if (!options.as && !options.dryRun)
    throw usageError(
      'Say who imports with --as <email> (recorded in the audit log), or check with --dry-run.',
    );
  const rows = await rowsOf(file);
  const named = quarterEndInWords(options.quarter);
  const refuseTwice = (where: string) =>
    refusal(
      `The quarter ended ${named} is already on the fund report (${where}); nothing was imported. A published quarter is not replaced: what residents have read stays as it was.`,
    );
  if ((await contentQuarterEnds()).has(options.quarter))
    throw refuseTwice('in content/accounting.json');
  await withSiteDatabase(command, async (database) => {
    const { addFundQuarter, hasImportedFundQuarter } =
      await import('../../db/fund-report/fund-report.ts');
    if (options.dryRun) {
      if (await hasImportedFundQuarter(database, options.quarter))
        throw refuseTwice('imported before');
      process.stdout.write(
        `Checked ${file}: ${rows.length} row${rows.length === 1 ? '' : 's'} for the quarter ended ${named}, all valid. Nothing was written (--dry-run).\n`,
      );
      return;
    }
    const actor = await activeOperator(database, options.as!);
    const added = await addFundQuarter(database, {
      endedOn: options.quarter,
      rows,
      actor,
      sourceFile: path.basename(file),
    });
    if (!added) throw refuseTwice('imported before');
    process.stdout.write(
      `Added the quarter ended ${named} to the fund report: ${rows.length} row${rows.length === 1 ? '' : 's'}. /accounting shows it first.\n`,
    );
  });
}

/** `municipal import fund-report`: a subcommand of import (Commander runs it when the first argument names it). */
export function registerImportFundReport(importCommand: Command): void {
  importCommand
    .command('fund-report')
    .description(
      'Add a quarter to the fund report on /accounting from a CSV saved from a spreadsheet: a header row of the report’s column headings, then one row per program or project.',
    )
    .argument('<file>', 'the CSV file of one quarter')
    .requiredOption(
      '--quarter <date>',
      'the last day of the quarter, YYYY-MM-DD: 2025-03-31, 2025-06-30, 2025-09-30 or 2025-12-31',
      quarterEnd,
    )
    .option(
      '--as <email>',
      'the staff account doing the import, recorded in the audit log (required unless --dry-run)',
    )
    .option('--dry-run', 'check the file and the quarter, but write nothing')
    .addHelpText(
      'after',
      `
Columns (the report's headings, in any order; case does not matter):
  ${fundReportColumns.map(([, label]) => label).join('\n  ')}

Peso amounts, one per cell or none: ${amountHeadings}
(5000000, 5,000,000.00 or ₱5,000,000.00). The other cells are text as the report writes
it. One bad value refuses the whole file, naming each bad row by its spreadsheet row number.

A quarter is added once: a quarter already on the report, in content/accounting.json or
imported before, is refused, so what residents have read is never silently replaced. The
quarter, its rows and the audit entry are written in one transaction.

Examples:
  $ municipal import fund-report lgsf-2025-q2.csv --quarter 2025-06-30 --dry-run
  $ municipal import fund-report lgsf-2025-q2.csv --quarter 2025-06-30 --as it@example.gov.ph`,
    )
    .action(importFundReport);
}
