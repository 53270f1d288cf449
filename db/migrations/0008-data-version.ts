import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';
import { dataVersionTriggers } from '../data-version.ts';

/**
 * The public tables as they were when this migration was written; a table added later gets
 * its triggers from its own migration (see DATA_VERSION_TABLES in db/data-version.ts).
 */
const tables = [
  'notice_of_awards',
  'notice_to_proceed',
  'bid_bulletin',
  'public_bidding',
  'svp',
  'reports',
  'two_failed_bidding',
  'shopping_bidding',
  'record_history',
  'documents',
];

/**
 * A counter of committed writes to public data, for the render cache: it keys cached pages
 * by this number, so a write from any process, a CLI import included, is on the next page
 * served. Triggers rather than PRAGMA data_version, which ignores this connection's own
 * writes and changes on private ones (sessions, sign-in failures) as well.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE data_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
  ) STRICT`,
  ]);
  await runStatements(db, [`INSERT INTO data_version (id, version) VALUES (1, 1)`]);
  for (const table of tables) {
    await runStatements(db, dataVersionTriggers(table));
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`DROP TRIGGER ${table}_data_version_${event}`).execute(db);
    }
  }
  await sql`DROP TABLE data_version`.execute(db);
}
