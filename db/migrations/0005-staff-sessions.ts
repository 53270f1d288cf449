import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Server-side staff sessions. The cookie carries a random id, and only a row here that is
 * neither revoked nor expired makes it a session, so signing out, disabling an account and
 * resetting its password end a session whatever copy of the cookie survives. Only a hash of
 * the id is stored, so a copy of the database hands out no sessions. The per-account
 * session version, which these rows replace, is dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE staff_sessions (
      id_hash TEXT PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
      created TEXT NOT NULL,
      last_seen TEXT NOT NULL,
      revoked_at TEXT
    ) STRICT, WITHOUT ROWID`,
    `CREATE INDEX staff_sessions_by_account ON staff_sessions (account_id)`,
    `CREATE INDEX staff_sessions_by_created ON staff_sessions (created)`,
    `ALTER TABLE staff_users DROP COLUMN session_version`,
  ]);
}
