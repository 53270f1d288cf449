import path from 'node:path';
import type { Command } from 'commander';
import { refusal, usageError } from '../exit-codes.ts';
import { withDatabase } from '../database.ts';
import { refuseProblems, wholeCsv } from '../import/whole-csv.ts';
import { activeOperator } from '../operator.ts';

/** The file's columns, each once, in any order. */
const COLUMNS = ['project', 'amount', 'date', 'reason'] as const;
type Column = (typeof COLUMNS)[number];

/** Which position holds each column; the header must name the four, each once, and nothing else. */
function positionsOf(file: string, header: string[]): Record<Column, number> {
  const names = header.map((name) => name.trim().toLowerCase());
  const wrong = names.filter(
    (name, position) => !COLUMNS.includes(name as Column) || names.indexOf(name) !== position,
  );
  const missing = COLUMNS.filter((column) => !names.includes(column));
  if (wrong.length > 0 || missing.length > 0) {
    throw refusal(
      `${file}: the header must name the columns ${COLUMNS.join(', ')}, each once${wrong.length > 0 ? `; it has ${wrong.map((name) => `"${name}"`).join(', ')}` : ''}${missing.length > 0 ? `; it lacks ${missing.join(', ')}` : ''}. Nothing was imported.`,
    );
  }
  return Object.fromEntries(COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<
    Column,
    number
  >;
}

async function importContractAmendments(file: string, _: unknown, command: Command): Promise<void> {
  const options = command.optsWithGlobals<{ as?: string; dryRun?: boolean }>();
  if (!options.as && !options.dryRun)
    throw usageError(
      'Say who imports with --as <email> (recorded in the audit log), or check with --dry-run.',
    );
  // Line numbers are the CSV records' (a spreadsheet's rows): blank lines are skipped but counted.
  const { header, body } = await wholeCsv(file);
  const at = positionsOf(file, header.record);
  if (body.length === 0) throw refusal(`${file}: the file has a header but no rows.`);

  await withDatabase(command, async (database) => {
    const { projectNamedBy, projectById } =
      await import('../../db/procurement-projects/project-notices.ts');
    const { addAmendments } = await import('../../db/procurement-projects/contract-amendments.ts');
    const { checkAmendment } =
      await import('../../shared/procurement-projects/contract-amendment.ts');

    const rows: { projectId: number; amount: number; date: string; reason: string }[] = [];
    const problems: string[] = [];
    for (const { record, line } of body) {
      const cell = (column: Column) => record[at[column]] ?? '';
      const projectId = projectNamedBy(database, cell('project'));
      const checked = checkAmendment({
        amount: cell('amount'),
        date: cell('date'),
        reason: cell('reason'),
      });
      const wrong: string[] = [];
      if (projectId === undefined)
        wrong.push(
          `project: "${cell('project')}" names no procurement project: give its OCID, its APP code, or a PR number one of its notices already has (one project only)`,
        );
      if (!checked.ok)
        wrong.push(...Object.entries(checked.fieldErrors).map(([name, why]) => `${name}: ${why}`));
      if (wrong.length > 0 || !checked.ok || projectId === undefined) {
        problems.push(...wrong.map((why) => `line ${line}, ${why}`));
        continue;
      }
      const { centavos, date, reason } = checked.value;
      rows.push({ projectId, amount: centavos, date, reason });
    }
    refuseProblems(file, problems);
    if (options.dryRun) {
      process.stdout.write(
        `Checked ${file}: ${rows.length} amendment${rows.length === 1 ? '' : 's'}, all valid. Nothing was written (--dry-run).\n`,
      );
      return;
    }
    const actor = await activeOperator(database, options.as!);
    addAmendments(
      database,
      rows.map((row) => ({
        ...row,
        projectKey: projectById(database, row.projectId)?.process_key,
      })),
      { actor, address: null, detail: { file: path.basename(file) } },
      new Date(),
    );
    process.stdout.write(
      `Added ${rows.length} contract amendment${rows.length === 1 ? '' : 's'} from ${file}. Each project page shows its contract amount's path.\n`,
    );
  });
}

/** `municipal import contract-amendments`: a subcommand of import. */
export function registerImportContractAmendments(importCommand: Command): void {
  importCommand
    .command('contract-amendments')
    .description(
      'Add contract amendments (variation orders) to procurement projects from a CSV: columns project, amount, date, reason.',
    )
    .argument('<file>', 'the CSV file')
    .option(
      '--as <email>',
      'the staff account doing the import, recorded in the audit log (required unless --dry-run)',
    )
    .option('--dry-run', 'check the file, but write nothing')
    .addHelpText(
      'after',
      `
Columns (a header row naming each once, in any order):
  project  the project's OCID, its APP code (PAP), or a PR number one of its notices has
  amount   the contract's NEW total amount in pesos (5000000, 5,000,000.00 or ₱5,000,000.00)
  date     the amendment's date, YYYY-MM-DD
  reason   why, in words the public will read

An amendment is not a correction: each is kept, and the project page shows the amount's path.
One bad row refuses the whole file, naming each bad row by its line; the amendments and their
audit entries are written in one transaction.

Example:
  $ municipal import contract-amendments variation-orders.csv --as bac@example.gov.ph`,
    )
    .action(importContractAmendments);
}
