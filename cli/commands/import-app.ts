import path from 'node:path';
import type { Command } from 'commander';
import { refusal, usageError } from '../exit-codes.ts';
import { withSiteDatabase } from '../database.ts';
import {
  PLAN_HEADINGS,
  planYearOf,
  type PlanFileRefusal,
} from '../../shared/procurement-projects/procurement-plan.ts';
import { problemsMessage, wholeText } from '../import/whole-csv.ts';
import { activeOperator } from '../operator.ts';

function yearOf(text: string | undefined): number {
  const year = planYearOf(text);
  if (year === undefined)
    throw usageError('Say which year the plan is for with --year <year>, e.g. --year 2026.');
  return year;
}

/** A refused file's reason in English, as the command line says it. */
async function refusalMessage(file: string, refused: PlanFileRefusal): Promise<string> {
  const named = (fields: readonly (keyof typeof PLAN_HEADINGS)[]) =>
    fields.map((field) => `"${PLAN_HEADINGS[field]}"`).join(', ');
  switch (refused.code) {
    case 'not-csv':
      return `${file}: not valid CSV: ${refused.detail}`;
    case 'empty':
      return `${file}: the file is empty; it needs a header row.`;
    case 'no-lines':
      return `${file}: the file has a header but no plan lines.`;
    case 'headings':
      return `${file}: the header row ${[
        refused.missing.length > 0 ? `lacks the APP form's ${named(refused.missing)}` : '',
        refused.twice.length > 0 ? `has ${named(refused.twice)} more than once` : '',
      ]
        .filter(Boolean)
        .join(' and ')}. Nothing was imported.`;
    case 'rows': {
      const { planProblemInEnglish } = await import('../../db/procurement-projects/plan-file.ts');
      return problemsMessage(file, refused.problems.map(planProblemInEnglish));
    }
  }
}

async function importApp(file: string, _: unknown, command: Command): Promise<void> {
  const options = command.optsWithGlobals<{ as?: string; dryRun?: boolean; year?: string }>();
  const year = yearOf(options.year);
  if (!options.as && !options.dryRun)
    throw usageError(
      'Say who imports with --as <email> (recorded in the audit log), or check with --dry-run.',
    );
  const text = await wholeText(file);
  // The same reading and checking as the staff upload page (db/procurement-projects/plan-file.ts).
  const { checkPlanCsv } = await import('../../db/procurement-projects/plan-file.ts');
  const checked = checkPlanCsv(text);
  if (!checked.ok) throw refusal(await refusalMessage(file, checked));
  const { lines, blank, totals } = checked;

  await withSiteDatabase(command, async (database) => {
    const { importPlanLines, planLineProject } =
      await import('../../db/procurement-projects/annual-plan.ts');
    const skipped = [
      blank > 0 ? `${blank} blank row${blank === 1 ? '' : 's'}` : '',
      totals > 0 ? `${totals} total row${totals === 1 ? '' : 's'}` : '',
    ].filter(Boolean);
    const skippedNote = skipped.length > 0 ? ` Skipped ${skipped.join(' and ')}.` : '';
    if (options.dryRun) {
      let updates = 0;
      for (const line of lines)
        if (await planLineProject(database, year, line.appCode)) updates += 1;
      process.stdout.write(
        `Checked ${file}: ${lines.length} plan line${lines.length === 1 ? '' : 's'} for ${year}, all valid; ${lines.length - updates} would be added and ${updates} would update a planned project.${skippedNote} Nothing was written (--dry-run).\n`,
      );
      return;
    }
    const actor = await activeOperator(database, options.as!);
    const { added, updated } = await importPlanLines(
      database,
      { year, lines },
      { actor, address: null, detail: { file: path.basename(file) } },
      new Date(),
    );
    process.stdout.write(
      `Imported the ${year} Annual Procurement Plan from ${file}: ${added} planned project${added === 1 ? '' : 's'} added, ${updated} updated.${skippedNote}\n`,
    );
  });
}
/** `municipal import app`: a subcommand of import. */
export function registerImportApp(importCommand: Command): void {
  importCommand
    .command('app')
    .description(
      'Import a year’s Annual Procurement Plan (APP) from a CSV with the GPPB APP form’s headings: each line becomes a planned procurement project.',
    )
    .argument('<file>', 'the APP spreadsheet saved as CSV')
    .option('--year <year>', 'the year the plan is for (required)')
    .option(
      '--as <email>',
      'the staff account doing the import, recorded in the audit log (required unless --dry-run)',
    )
    .option('--dry-run', 'check the file, but write nothing')
    .addHelpText(
      'after',
      `
Headings the header row must have (case, spaces and punctuation do not matter):
  Code (PAP)                   the line's APP code; each code once in the file
  Procurement Program/Project  the project's title
  PMO/End-User                 the end-user office
  Mode of Procurement          the planned mode
  Source of Funds              e.g. General Fund, 20% Development Fund
  Estimated Budget (Total)     the ABC in pesos (5000000, 5,000,000.00 or ₱5,000,000.00)
Every other column is kept with the line as given.

A line whose code the year's plan already has updates that planned project (a re-import of a
revised plan); a new code adds one. Blank rows and total rows (no code, a cell saying TOTAL)
are skipped. One bad row refuses the whole file, naming each bad row by its line; the
projects and their audit entries are written in one transaction.

Example:
  $ municipal import app app-2026.csv --year 2026 --as bac@example.gov.ph`,
    )
    .action(importApp);
}
