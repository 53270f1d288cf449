import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';
import { dataVersionTriggers } from '../data-version.ts';

/**
 * The BAC's answers to red flags (issue 35): one current answer per flag, keyed by the
 * project and the indicator. Rows are never updated or deleted. A correction is a new row
 * with a reason; the latest row of a (project, indicator) is the answer the project page
 * shows, the earlier ones its history, as completions (0029) keep theirs.
 *
 * - `indicator` is one of the indicators of issue 35, written out here (a migration is
 *   history): a new indicator is a new migration.
 * - `text` is the answer as published: trimmed, at most 2,000 characters.
 * - `reason` is null for the first answer and required for every correction (enforced by
 *   the service, which knows which one it writes); it is kept and audited, not published.
 * - `created` (UTC) and `actor` say who answered; its audit entry is written in the same
 *   transaction.
 */
const TIME_FORMAT =
  "'[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z'";
const INDICATORS = [
  'single-bidder',
  'bid-near-abc',
  'short-posting',
  'split-purchase',
  'all-but-winner-disqualified',
  'failed-bidder-negotiated',
  'contract-increase',
  'supplier-concentration',
  'impossible-dates',
]
  .map((indicator) => `'${indicator}'`)
  .join(', ');

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE red_flag_answers (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      project_id INTEGER NOT NULL REFERENCES procurement_projects (id),
      indicator TEXT NOT NULL CHECK (indicator IN (${INDICATORS})),
      text TEXT NOT NULL CHECK (text <> '' AND text = trim(text) AND length(text) <= 2000),
      reason TEXT CHECK (reason IS NULL OR (reason <> '' AND reason = trim(reason))),
      created TEXT NOT NULL CHECK (created GLOB ${TIME_FORMAT}),
      actor TEXT NOT NULL
    ) STRICT`,
    `CREATE INDEX red_flag_answers_by_flag ON red_flag_answers (project_id, indicator, id)`,
    // Answers are shown on the public project page: the render cache must renew.
    ...dataVersionTriggers('red_flag_answers'),
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE red_flag_answers`.execute(db);
}
