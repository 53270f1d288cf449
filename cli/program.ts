import { Command } from 'commander';
import { registerAlerts } from './commands/alerts.ts';
import { registerAudit } from './commands/audit.ts';
import { registerDb } from './commands/db.ts';
import { registerDemo } from './commands/demo.ts';
import { registerDocuments } from './commands/documents-command.ts';
import { registerExport } from './commands/export.ts';
import { registerFullDisclosure } from './commands/full-disclosure-command.ts';
import { registerImportFirestore } from './commands/import-firestore.ts';
import { registerImport } from './commands/import-file.ts';
import { registerImportApp } from './commands/import-app.ts';
import { registerImportContractAmendments } from './commands/import-contract-amendments.ts';
import { registerImportBids } from './commands/import-bids.ts';
import { registerImportFundReport } from './commands/import-fund-report.ts';
import { registerOcds } from './commands/ocds-check.ts';
import { registerUsers } from './commands/users.ts';

/**
 * The IT staff command line. exitOverride comes first because subcommands copy the
 * setting when created: every usage error then surfaces as a CommanderError that main
 * turns into exit code 2.
 */
export function buildProgram(): Command {
  const program = new Command('municipal')
    .description(
      'IT staff tools for the municipal website: bulk import of procurement records and fund report quarters, staff accounts, the database, hosted documents.',
    )
    .option(
      '--data-dir <dir>',
      'the data folder holding the database (default: $DATA_DIR, else ./data)',
    )
    .exitOverride()
    .showHelpAfterError('(add --help for usage)');
  const importCommand = registerImport(program);
  registerImportFundReport(importCommand);
  registerImportContractAmendments(importCommand);
  registerImportBids(importCommand);
  registerImportApp(importCommand);
  registerImportFirestore(program);
  registerDb(program);
  registerUsers(program);
  registerAudit(program);
  registerDocuments(program);
  registerExport(program);
  registerDemo(program);
  registerFullDisclosure(program);
  registerAlerts(program);
  registerOcds(program);
  program.addHelpText(
    'after',
    '\nExit codes: 0 done; 1 rows rejected or refused; 2 usage error; 3 ocds check found problems; 130/143 interrupted by SIGINT/SIGTERM.',
  );
  return program;
}
