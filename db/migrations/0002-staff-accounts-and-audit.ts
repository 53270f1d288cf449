import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

const NOW = "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";

/** Staff accounts, the sign-in failures that throttling counts, and the audit log. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE staff_users (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      email TEXT NOT NULL UNIQUE,
      display_name TEXT NOT NULL,
      password_hash TEXT NOT NULL,
      active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
      session_version INTEGER NOT NULL DEFAULT 1,
      created TEXT NOT NULL DEFAULT ${NOW},
      last_sign_in TEXT
    ) STRICT`,
    `CREATE TABLE sign_in_failures (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      at TEXT NOT NULL DEFAULT ${NOW},
      email TEXT NOT NULL,
      address TEXT NOT NULL
    ) STRICT`,
    `CREATE INDEX sign_in_failures_by_email ON sign_in_failures (email, at)`,
    `CREATE INDEX sign_in_failures_by_address ON sign_in_failures (address, at)`,
    `CREATE TABLE audit_log (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      at TEXT NOT NULL DEFAULT ${NOW},
      actor TEXT,
      address TEXT,
      action TEXT NOT NULL,
      detail TEXT NOT NULL DEFAULT '{}'
    ) STRICT`,
    `CREATE INDEX audit_log_by_time ON audit_log (at DESC, id DESC)`,
  ]);
}
