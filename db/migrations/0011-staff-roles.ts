import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The roles each staff account holds (admin, bac, information, transparency). Accounts that
 * existed before roles could do everything a BAC account does today, so they become `bac`;
 * an administrator is named from the command line (`users roles EMAIL --add admin`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE staff_roles (
      account_id INTEGER NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
      role TEXT NOT NULL CHECK (role IN ('admin', 'bac', 'information', 'transparency')),
      PRIMARY KEY (account_id, role)
    ) STRICT, WITHOUT ROWID`,
    `INSERT INTO staff_roles (account_id, role) SELECT id, 'bac' FROM staff_users`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE staff_roles`.execute(db);
}
