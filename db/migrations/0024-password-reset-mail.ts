import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Staff reset a forgotten password by a set-password link mailed to them (issue 31).
 * Private, like the links themselves: no data-version triggers.
 *
 * - staff_password_mail: one row per link to mail, written in the same transaction as the
 *   link and sent by the bid-alert sender's loop. It holds no token: the token is an HMAC of
 *   `nonce` under DATA_DIR/alerts.key, so a copy of the database alone opens no account. The
 *   row goes once the mail server accepted the mail, or once its link no longer works.
 * - staff_password_reset_attempts: reset requests by keyed hash of the address or the
 *   client's network, for the rate limits; pruned after an hour.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE staff_password_mail (
      id INTEGER PRIMARY KEY,
      link_id INTEGER NOT NULL UNIQUE REFERENCES staff_password_links (id) ON DELETE CASCADE,
      lang TEXT NOT NULL CHECK (lang IN ('en', 'fil')),
      nonce TEXT NOT NULL,
      created TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL,
      last_error TEXT
    ) STRICT`,
    `CREATE INDEX staff_password_mail_due ON staff_password_mail (next_attempt_at)`,
    `CREATE TABLE staff_password_reset_attempts (
      key TEXT NOT NULL,
      at TEXT NOT NULL
    ) STRICT`,
    `CREATE INDEX staff_password_reset_attempts_by_key ON staff_password_reset_attempts (key, at)`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE staff_password_reset_attempts`.execute(db);
  await sql`DROP TABLE staff_password_mail`.execute(db);
}
