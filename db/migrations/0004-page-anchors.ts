import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Keyset anchors for deep pages of the unsearched lists: the sort key of every
 * ANCHOR_SPACING-th record, newest first. OFFSET steps through every skipped row, so page
 * 20,000 of 100,000 records costs a thousand times page 1; from the nearest anchor it is
 * the same few hundred steps at any depth. Any change to a collection's order drops its
 * anchors and the next deep read rebuilds them. Snapshot of the collections, like 0001.
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

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE page_anchors (
    collection TEXT NOT NULL,
    position INTEGER NOT NULL,
    created TEXT NOT NULL,
    id INTEGER NOT NULL,
    PRIMARY KEY (collection, position)
  ) STRICT, WITHOUT ROWID`,
  ]);
  for (const name of collections) {
    const forget = `DELETE FROM page_anchors WHERE collection = '${name}';`;
    await runStatements(db, [
      `CREATE TRIGGER ${name}_anchors_insert AFTER INSERT ON ${name} BEGIN ${forget} END`,
    ]);
    await runStatements(db, [
      `CREATE TRIGGER ${name}_anchors_delete AFTER DELETE ON ${name} BEGIN ${forget} END`,
    ]);
    await runStatements(db, [
      `CREATE TRIGGER ${name}_anchors_update AFTER UPDATE OF created ON ${name} BEGIN ${forget} END`,
    ]);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of collections) {
    for (const event of ['insert', 'delete', 'update']) {
      await sql.raw(`DROP TRIGGER ${name}_anchors_${event}`).execute(db);
    }
  }
  await sql`DROP TABLE page_anchors`.execute(db);
}
