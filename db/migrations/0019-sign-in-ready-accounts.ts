import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Two facts about staff accounts the account rules need:
 *
 * - `staff_users.password_set`: 0 while the account's password is one nobody knows (added or
 *   reset with a set-password link not yet used), so the last-administrator rule counts
 *   only administrators who can sign in. Existing accounts whose newest link is still open
 *   (unused, expired or not) have never set a password since it was given; every other
 *   account has one.
 * - `ended_by = 'revoked'` on a set-password link: disabling an account ends its open
 *   links, so re-enabling it does not bring a link back to life. SQLite cannot change a
 *   CHECK, so the table is rebuilt (nothing references it). Open links of accounts already
 *   disabled are revoked here too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE staff_users ADD COLUMN password_set INTEGER NOT NULL DEFAULT 1
      CHECK (password_set IN (0, 1))`,
    `UPDATE staff_users SET password_set = 0 WHERE EXISTS (
      SELECT 1 FROM staff_password_links newest
      WHERE newest.account_id = staff_users.id AND newest.ended IS NULL
        AND newest.id = (SELECT max(id) FROM staff_password_links WHERE account_id = staff_users.id))`,
    `CREATE TABLE staff_password_links_new (
      id INTEGER PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
      token_sha256 TEXT NOT NULL UNIQUE,
      created TEXT NOT NULL,
      expires TEXT NOT NULL,
      ended TEXT,
      ended_by TEXT CHECK (ended_by IN ('used', 'replaced', 'revoked')),
      CHECK ((ended IS NULL) = (ended_by IS NULL))
    ) STRICT`,
    `INSERT INTO staff_password_links_new SELECT * FROM staff_password_links`,
    `DROP TABLE staff_password_links`,
    `ALTER TABLE staff_password_links_new RENAME TO staff_password_links`,
    `CREATE INDEX staff_password_links_account ON staff_password_links (account_id)`,
    `UPDATE staff_password_links SET ended = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ended_by = 'revoked'
      WHERE ended IS NULL
        AND account_id IN (SELECT id FROM staff_users WHERE active = 0)`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `CREATE TABLE staff_password_links_old (
      id INTEGER PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
      token_sha256 TEXT NOT NULL UNIQUE,
      created TEXT NOT NULL,
      expires TEXT NOT NULL,
      ended TEXT,
      ended_by TEXT CHECK (ended_by IN ('used', 'replaced')),
      CHECK ((ended IS NULL) = (ended_by IS NULL))
    ) STRICT`,
    `INSERT INTO staff_password_links_old SELECT id, account_id, token_sha256, created, expires,
      ended, CASE ended_by WHEN 'revoked' THEN 'replaced' ELSE ended_by END
      FROM staff_password_links`,
    `DROP TABLE staff_password_links`,
    `ALTER TABLE staff_password_links_old RENAME TO staff_password_links`,
    `CREATE INDEX staff_password_links_account ON staff_password_links (account_id)`,
    `ALTER TABLE staff_users DROP COLUMN password_set`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}
