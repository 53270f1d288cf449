import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';
import { dataVersionTriggers } from '../data-version.ts';

/**
 * Contract amendments (variation orders, issue 34): each changes a project's contract amount
 * to a new total, on a date, for a reason. They are not corrections of a notice: a corrected
 * notice keeps its history in record_history, while an amendment is a new fact of the
 * contract that the public follows as the amount's path.
 *
 * - `amount` is the contract's NEW total, integer centavos like the record tables'.
 * - `date` is the amendment's Manila calendar date, YYYY-MM-DD (not an instant).
 * - `document_sha256` is the seam for the signed variation order: a hosted document (0006),
 *   referenced by its SHA-256 as a Full Disclosure posting's is (0014); nothing writes it yet.
 * - `created` (UTC) and `actor` say who entered it; the audit entry is written in the same
 *   transaction.
 */
const TIME_FORMAT =
  "'[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z'";
const DAY_FORMAT = "'[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'";

/** ₱100 billion in centavos, the most any amount may be (shared/money.ts). */
const MAX_CENTAVOS = 10_000_000_000_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE contract_amendments (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      project_id INTEGER NOT NULL REFERENCES procurement_projects (id),
      amount INTEGER NOT NULL CHECK (amount BETWEEN 0 AND ${MAX_CENTAVOS}),
      date TEXT NOT NULL CHECK (date GLOB ${DAY_FORMAT}),
      reason TEXT NOT NULL CHECK (reason <> '' AND reason = trim(reason)),
      document_sha256 TEXT REFERENCES documents (sha256),
      created TEXT NOT NULL CHECK (created GLOB ${TIME_FORMAT}),
      actor TEXT NOT NULL
    ) STRICT`,
    `CREATE INDEX contract_amendments_by_project ON contract_amendments (project_id, date, id)`,
    // Amendments are shown on the public project page: the render cache must renew.
    ...dataVersionTriggers('contract_amendments'),
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE contract_amendments`.execute(db);
}
