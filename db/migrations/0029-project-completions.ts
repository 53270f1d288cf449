import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';
import { dataVersionTriggers } from '../data-version.ts';

/**
 * A procurement project's completion (issue 34): the day the works or deliveries were
 * accepted, optionally with the certificate of completion or acceptance as a hosted
 * document (0006, by SHA-256). One completion per project, correctable: a correction is a
 * new row with a reason, and the project's completion is its latest row, so every earlier
 * statement stays in the table as history. Rows are never updated or deleted.
 *
 * - `date` is a Manila calendar day, YYYY-MM-DD (not an instant).
 * - `reason` is null for the first statement and required for every correction (enforced by
 *   the service, which knows which one it writes).
 * - `created` (UTC) and `actor` say who stated it; its audit entry is written in the same
 *   transaction.
 */
const TIME_FORMAT =
  "'[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z'";
const DAY_FORMAT = "'[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE project_completions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      project_id INTEGER NOT NULL REFERENCES procurement_projects (id),
      date TEXT NOT NULL CHECK (date GLOB ${DAY_FORMAT}),
      document_sha256 TEXT REFERENCES documents (sha256),
      reason TEXT CHECK (reason IS NULL OR (reason <> '' AND reason = trim(reason))),
      created TEXT NOT NULL CHECK (created GLOB ${TIME_FORMAT}),
      actor TEXT NOT NULL
    ) STRICT`,
    `CREATE INDEX project_completions_by_project ON project_completions (project_id, id)`,
    // The completion is shown on the public project page: the render cache must renew.
    ...dataVersionTriggers('project_completions'),
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE project_completions`.execute(db);
}
