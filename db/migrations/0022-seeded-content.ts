import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Which news items and pictures were copied in from content/news.json rather than written
 * on the web, so that `municipal demo remove` can take out the fictional ones once
 * content/ is replaced, and leave every item staff published. Snapshot, like every migration.
 *
 * Databases seeded before this migration: the copy gave every item the seeding's time as
 * its creation time and its picture no uploader, which is how they are found now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['news_items', 'pictures']) {
    await runStatements(db, [
      `ALTER TABLE ${table} ADD COLUMN seeded INTEGER NOT NULL DEFAULT 0 CHECK (seeded IN (0, 1))`,
    ]);
  }
  await runStatements(db, [`UPDATE pictures SET seeded = 1 WHERE uploader IS NULL`]);
  await runStatements(db, [
    `UPDATE news_items SET seeded = 1
    WHERE created = (SELECT at FROM news_seeding)
      AND picture_id IN (SELECT id FROM pictures WHERE seeded = 1)`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['news_items', 'pictures']) {
    await sql.raw(`ALTER TABLE ${table} DROP COLUMN seeded`).execute(db);
  }
}
