import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';
import { dataVersionTriggers } from '../data-version.ts';

/**
 * The collections whose unmarked demo records are marked, as they were when this migration
 * was written (a snapshot, like 0001). The table itself takes any collection, so a kind
 * added later (createRecordTable) gets demo records marked too.
 */
const collections = [
  'notice_of_awards',
  'notice_to_proceed',
  'bid_bulletin',
  'public_bidding',
  'svp',
  'reports',
  'two_failed_bidding',
  'shopping_bidding',
] as const;

/**
 * Every demo record's link starts with this (db/demo-records.ts): `.example` is reserved
 * (RFC 2606), so no real notice can link there.
 */
const DEMO_LINK_PREFIX = 'https://documents.sanisidrodelmonte.example/';

/**
 * Which records are demonstration data, so the site can say so on every page and
 * `municipal demo remove` can delete exactly them. A table of its own rather than a column
 * keeps the record tables the public documents they are. It is public data (the notice on
 * every page depends on it), so it bumps the data version like the record tables.
 *
 * Databases started by earlier versions were given the demo records unasked, unmarked:
 * their records linking to the demo's reserved host are marked now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE demo_records (
        collection TEXT NOT NULL,
        record_id INTEGER NOT NULL,
        PRIMARY KEY (collection, record_id)
      ) STRICT, WITHOUT ROWID`,
  ]);
  await runStatements(db, dataVersionTriggers('demo_records'));
  for (const name of collections) {
    await runStatements(db, [
      `INSERT INTO demo_records (collection, record_id)
          SELECT '${name}', id FROM ${name}
          WHERE substr(link, 1, ${DEMO_LINK_PREFIX.length}) = '${DEMO_LINK_PREFIX}'`,
    ]);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql.raw(`DROP TRIGGER demo_records_data_version_${event}`).execute(db);
  }
  await sql`DROP TABLE demo_records`.execute(db);
}
