import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { removeDemoRecords } from '../../db/demo-loader.ts';
import { databaseFile, withDatabase } from '../database.ts';
import { refusal } from '../exit-codes.ts';
import { osActor } from '../operator.ts';

/**
 * Deletes the demonstration records. The database is migrated first, as the server would:
 * a database from before demo records were marked gets its demo records marked then.
 */
async function remove(self: Command): Promise<void> {
  const file = databaseFile(self);
  if (!existsSync(file)) {
    throw refusal(`There is no database at ${file}. Check --data-dir or DATA_DIR.`);
  }
  await withDatabase(self, async (database) => {
    const removal = removeDemoRecords(database, osActor());
    const records = Object.values(removal.records).reduce((sum, count) => sum + count, 0);
    process.stdout.write(
      records === 0
        ? `${file} holds no demonstration records.\n`
        : `Removed ${records} demonstration records and ${removal.history} history entries from ${file}; their pages, feed entries and OCDS releases are gone. Recorded in the audit log as demo-removed.\n`,
    );
  });
}

export function registerDemo(program: Command): void {
  const demo = program
    .command('demo')
    .description(
      'The demonstration records a development checkout starts with (DEMO_RECORDS=true).',
    );
  demo
    .command('remove')
    .description(
      'Delete every demonstration record with its history: they are not public records, so no page, feed entry or OCDS release of them stays. One transaction, recorded in the audit log.',
    )
    .addHelpText('after', '\nExample:\n  $ municipal demo remove')
    .action(async (_options: object, self: Command) => remove(self));
}
