import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

const TIME_FORMAT =
  "'[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z'";

/**
 * When the site's database was created (issue 31): the Full Disclosure grid does not call a
 * period overdue whose deadline passed before the site existed. One row, written by
 * migrateToLatest (db/run-migrations.ts) once the schema is up: the app's clock for a new
 * database, the first migration's time for one created before this table was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE site_created (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        created TEXT NOT NULL CHECK (created GLOB ${TIME_FORMAT})
      ) STRICT`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE site_created`.execute(db);
}
