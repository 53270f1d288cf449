import path from 'node:path';
import type { Command } from 'commander';
import { withSiteDatabase } from '../database.ts';
import { noSuchProject, readProjectCsv, withImportOptions } from '../import/column-csv.ts';
import { refuseProblems } from '../import/whole-csv.ts';
import { activeOperator } from '../operator.ts';

/** The file's columns, each once, in any order. */
const COLUMNS = ['project', 'amount', 'date', 'reason'] as const;

async function importContractAmendments(file: string, _: unknown, command: Command): Promise<void> {
  const { options, rows: body } = await readProjectCsv(file, command, COLUMNS);

  await withSiteDatabase(command, async (database) => {
    const { projectNamedBy, projectById } =
      await import('../../db/procurement-projects/project-notices.ts');
    const { addAmendments } = await import('../../db/procurement-projects/contract-amendments.ts');
    const { checkAmendment } =
      await import('../../shared/procurement-projects/contract-amendment.ts');

    const rows: { projectId: number; amount: number; date: string; reason: string }[] = [];
    const problems: string[] = [];
    for (const { cell, line } of body) {
      const projectId = await projectNamedBy(database, cell('project'));
      const checked = checkAmendment({
        amount: cell('amount'),
        date: cell('date'),
        reason: cell('reason'),
      });
      const wrong: string[] = [];
      if (projectId === undefined) wrong.push(noSuchProject(cell('project')));
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
    const amendments = [];
    for (const row of rows) {
      amendments.push({
        ...row,
        projectKey: (await projectById(database, row.projectId))?.process_key,
      });
    }
    await addAmendments(
      database,
      amendments,
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
  const command = importCommand
    .command('contract-amendments')
    .description(
      'Add contract amendments (variation orders) to procurement projects from a CSV: columns project, amount, date, reason.',
    )
    .argument('<file>', 'the CSV file');
  withImportOptions(command)
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
