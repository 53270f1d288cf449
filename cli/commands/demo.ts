import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { loadDemoRecordsIfEmpty, removeDemoRecords } from '../../db/records/demo-loader.ts';
import { reseedNews } from '../../db/news/news-queries.ts';
import { countAllRecords } from '../../db/records/record-queries.ts';
import { loadConfig } from '../../server/config.ts';
import { loadNewsToSeed } from '../../server/content/load.ts';
import { configuredPostgresUrl, databaseFile, withSiteDatabase } from '../database.ts';
import { refusal } from '../exit-codes.ts';
import { osActor } from '../operator.ts';

/**
 * Deletes the demonstration records, and the news copied from content/news.json that the
 * file no longer holds (the demo's fictional news, once content/ is replaced), copying in
 * the file's items instead. The database is migrated first, as the server would: a
 * database from before demo records and copied news were marked gets them marked then.
 * On either engine (DATABASE_URL's PostgreSQL database must hold a site already).
 */
async function remove(self: Command): Promise<void> {
  // A missing SQLite file is said, rather than created empty only to find nothing in it.
  const file = databaseFile(self);
  if (!configuredPostgresUrl() && !existsSync(file)) {
    throw refusal(`There is no database at ${file}. Check --data-dir or DATA_DIR.`);
  }
  const { contentDir } = loadConfig();
  const news = await loadNewsToSeed(contentDir);
  await withSiteDatabase(self, async (database, place) => {
    const removal = await removeDemoRecords(database, osActor());
    const records = Object.values(removal.records).reduce((sum, count) => sum + count, 0);
    process.stdout.write(
      records === 0
        ? `${place} holds no demonstration records.\n`
        : `Removed ${records} demonstration records and ${removal.history} history entries from ${place}; their pages, feed entries and OCDS releases are gone. Recorded in the audit log as demo-removed.\n`,
    );
    const reseeding = await reseedNews(database, news, new Date().toISOString(), osActor());
    process.stdout.write(
      reseeding.removed.length === 0 && reseeding.copied === 0
        ? `The news copied from ${contentDir}/news.json matches the file; news published on the web is never touched.\n`
        : `Deleted ${reseeding.removed.length} news items copied from an earlier content/news.json (${reseeding.removed.join(', ') || 'none'}) and copied ${reseeding.copied} from ${contentDir}/news.json; news published on the web is kept. Recorded in the audit log as news-reseeded.\n`,
    );
  });
}

/**
 * Loads the demonstration records into an empty database, as DEMO_RECORDS=true does at a
 * start outside production: the way a trial or test server under NODE_ENV=production,
 * whose start never loads them, gets them on purpose. A database holding any record is
 * left alone (real data is never mixed with demo data), which is said, not an error, so a
 * script may run this before every start. On either engine, as `remove`.
 */
async function load(self: Command): Promise<void> {
  await withSiteDatabase(self, async (database, place) => {
    const added = await loadDemoRecordsIfEmpty(database);
    const held = added > 0 ? 0 : await countAllRecords(database);
    process.stdout.write(
      added > 0
        ? `Added ${added} demonstration procurement records to ${place}. Every page says so until "demo remove" deletes them.\n`
        : `${place} already holds ${held} procurement records, so no demonstration records were added: they go only into an empty database.\n`,
    );
  });
}

export function registerDemo(program: Command): void {
  const demo = program
    .command('demo')
    .description(
      'The demonstration records a development checkout starts with (DEMO_RECORDS=true, never under NODE_ENV=production).',
    );
  demo
    .command('load')
    .description(
      'Fill an empty database with demonstration records, marked as such on every page until "demo remove": for a trial server. A database holding records is left as it is.',
    )
    .addHelpText('after', '\nExample:\n  $ municipal demo load')
    .action(async (_options: object, self: Command) => load(self));
  demo
    .command('remove')
    .description(
      "Delete every demonstration record with its history: they are not public records, so no page, feed entry or OCDS release of them stays. Then replace the news copied from content/news.json at the first start (the demo's fictional news) with the items of content/news.json as it is now; news published on the web stays. Each step one transaction, recorded in the audit log.",
    )
    .addHelpText('after', '\nExample:\n  $ municipal demo remove')
    .action(async (_options: object, self: Command) => remove(self));
}
