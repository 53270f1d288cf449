import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * One-time set-password links an administrator gives a new or reset account. Only the
 * SHA-256 of a link's token is kept, so a copy of the database opens no account. A link
 * ends when it is used or when a newer password or link replaces it; ended links stay, for
 * the page to say why a link no longer works. Private: no data-version triggers, as no
 * public page shows them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE staff_password_links (
      id INTEGER PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
      token_sha256 TEXT NOT NULL UNIQUE,
      created TEXT NOT NULL,
      expires TEXT NOT NULL,
      ended TEXT,
      ended_by TEXT CHECK (ended_by IN ('used', 'replaced')),
      CHECK ((ended IS NULL) = (ended_by IS NULL))
    ) STRICT`,
    `CREATE INDEX staff_password_links_account ON staff_password_links (account_id)`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE staff_password_links`.execute(db);
}
