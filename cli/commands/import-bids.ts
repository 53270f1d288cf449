import type { Command } from 'commander';
import { basename } from 'node:path';
import { activeOperator } from '../operator.ts';
import { withSiteDatabase } from '../database.ts';
import {
  noSuchProject,
  readProjectCsv,
  refuseProblems,
  withImportOptions,
} from '../import/column-csv.ts';

/** The abstract of bids' columns (the header names each once, in any order). */
const COLUMNS = ['project', 'bidder', 'bid_amount', 'outcome', 'reason'] as const;

async function importBids(file: string, _: unknown, command: Command): Promise<void> {
  const { options, rows } = await readProjectCsv(file, command, COLUMNS);

  await withSiteDatabase(command, async (database) => {
    const { projectNamedBy, projectById } =
      await import('../../db/procurement-projects/project-notices.ts');
    const { addBids, projectHasLcrb } = await import('../../db/procurement-projects/bids.ts');
    const { checkBid, BID_FIELD_KEYS } = await import('../../shared/procurement-projects/bid.ts');
    const { staffText } = await import('../../shared/i18n/staff-text.ts');
    const words = staffText('en');

    const bids: Parameters<typeof addBids>[1][number][] = [];
    const problems: string[] = [];
    // A project's LCRB, stored or earlier in this file, by project id: the line that named it.
    const lcrbAt = new Map<number, number | 'stored'>();
    for (const { cell, line } of rows) {
      const projectId = await projectNamedBy(database, cell('project'));
      const checked = checkBid({
        bidder: cell('bidder'),
        amount: cell('bid_amount'),
        outcome: cell('outcome'),
        reason: cell('reason'),
      });
      const wrong: string[] = [];
      if (projectId === undefined) wrong.push(noSuchProject(cell('project')));
      if (!checked.ok) {
        for (const [field, problem] of Object.entries(checked.problems)) {
          const column = field === 'amount' ? 'bid_amount' : field;
          wrong.push(`${column}: ${words(BID_FIELD_KEYS[problem])}`);
        }
      }
      if (projectId !== undefined && checked.ok && checked.value.outcome === 'lcrb') {
        const earlier =
          lcrbAt.get(projectId) ??
          ((await projectHasLcrb(database, projectId)) ? 'stored' : undefined);
        if (earlier === undefined) lcrbAt.set(projectId, line);
        else
          wrong.push(
            `outcome: the project has its lowest calculated responsive bid (LCRB) already${earlier === 'stored' ? '' : ` (line ${earlier})`}; a project has one`,
          );
      }
      if (wrong.length > 0 || !checked.ok || projectId === undefined) {
        problems.push(...wrong.map((why) => `line ${line}, ${why}`));
        continue;
      }
      const { bidder, centavos, outcome, reason } = checked.value;
      bids.push({
        projectId,
        projectKey: (await projectById(database, projectId))?.process_key,
        bidder,
        amount: centavos,
        outcome,
        reason,
      });
    }
    refuseProblems(file, problems);
    const count = `${bids.length} bid${bids.length === 1 ? '' : 's'}`;
    if (options.dryRun) {
      process.stdout.write(
        `Checked ${file}: ${count}, all valid. Nothing was written (--dry-run).\n`,
      );
      return;
    }
    const actor = await activeOperator(database, options.as!);
    await addBids(
      database,
      bids,
      { actor, address: null, detail: { file: basename(file) } },
      new Date(),
    );
    process.stdout.write(
      `Added ${count} from ${file}. Each project page shows its abstract of bids.\n`,
    );
  });
}

/** `municipal import bids`: a subcommand of import. */
export function registerImportBids(importCommand: Command): void {
  const command = importCommand
    .command('bids')
    .description(
      'Add the abstract of bids of procurement projects from a CSV: columns project, bidder, bid_amount, outcome, reason.',
    )
    .argument('<file>', 'the CSV file');
  withImportOptions(command)
    .addHelpText(
      'after',
      `
Columns (a header row naming each once, in any order):
  project     the project's OCID, its APP code (PAP), or a PR number one of its notices has
  bidder      the bidder's name as in its bid
  bid_amount  the amount bid in pesos (5000000, 5,000,000.00 or ₱5,000,000.00)
  outcome     lcrb, responsive, failed-eligibility, failed-preliminary, failed-evaluation,
              failed-post-qualification or withdrawn (at most one lcrb a project)
  reason      why; required unless the outcome is lcrb or responsive

One bad row refuses the whole file, naming each bad row by its line; the bids and their audit
entries are written in one transaction.

Example:
  $ municipal import bids abstract-of-bids.csv --as bac@example.gov.ph`,
    )
    .action(importBids);
}
