import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The one-time keys of the data-entry form that have stored a record, and which record:
 * a second submission of the same form (Add pressed twice, a reload that posts again)
 * answers with that record instead of storing it again. A key is only good in the session
 * that was given it, so rows older than the longest session are dropped as keys are spent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE record_form_keys (
      form_key TEXT PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
      collection TEXT NOT NULL,
      record_id INTEGER NOT NULL,
      created TEXT NOT NULL
    ) STRICT, WITHOUT ROWID`,
    `CREATE INDEX record_form_keys_by_created ON record_form_keys (created)`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE record_form_keys`.execute(db);
}
