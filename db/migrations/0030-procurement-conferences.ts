import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';
import { dataVersionTriggers } from '../data-version.ts';

/**
 * RA 12009 section 38 (issue 34): the procurement conferences of a project above the law's
 * thresholds (pre-procurement, pre-bid, bid opening, other BAC meetings), each with its
 * livestream and recording links, the observers invited, and the project's procurement
 * category, which decides the threshold that applies.
 *
 * Rows are never updated or deleted. A correction is a new row with a reason whose
 * `corrects` names the first row of the conference (or observer) it corrects; the latest row
 * of that chain is what the project page shows, the earlier ones are its history. The
 * category works as a completion does (0029): the latest row is the category.
 *
 * - `date` and `invited` are Manila calendar days, YYYY-MM-DD.
 * - Links are https only (the CHECK holds the same rule as the service), or null: not posted.
 * - `reason` is null for the first statement and required for every correction (enforced by
 *   the service, which knows which one it writes).
 * - `created` (UTC) and `actor` say who stated it; its audit entry is written in the same
 *   transaction.
 */
const TIME_FORMAT =
  "'[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z'";
const DAY_FORMAT = "'[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'";
const REASON = "reason TEXT CHECK (reason IS NULL OR (reason <> '' AND reason = trim(reason)))";
const link = (column: string) =>
  `${column} TEXT CHECK (${column} IS NULL OR (${column} GLOB 'https://?*' AND length(${column}) <= 2000))`;
const text = (column: string) =>
  `${column} TEXT NOT NULL CHECK (${column} <> '' AND ${column} = trim(${column}) AND length(${column}) <= 300)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE project_conferences (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      project_id INTEGER NOT NULL REFERENCES procurement_projects (id),
      corrects INTEGER REFERENCES project_conferences (id),
      kind TEXT NOT NULL CHECK (kind IN ('pre-procurement', 'pre-bid', 'bid-opening', 'other')),
      date TEXT NOT NULL CHECK (date GLOB ${DAY_FORMAT}),
      ${link('livestream_url')},
      ${link('recording_url')},
      ${REASON},
      created TEXT NOT NULL CHECK (created GLOB ${TIME_FORMAT}),
      actor TEXT NOT NULL
    ) STRICT`,
    `CREATE INDEX project_conferences_by_project ON project_conferences (project_id, id)`,
    `CREATE TABLE project_observers (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      project_id INTEGER NOT NULL REFERENCES procurement_projects (id),
      corrects INTEGER REFERENCES project_observers (id),
      ${text('name')},
      ${text('organisation')},
      invited TEXT NOT NULL CHECK (invited GLOB ${DAY_FORMAT}),
      ${REASON},
      created TEXT NOT NULL CHECK (created GLOB ${TIME_FORMAT}),
      actor TEXT NOT NULL
    ) STRICT`,
    `CREATE INDEX project_observers_by_project ON project_observers (project_id, id)`,
    `CREATE TABLE project_categories (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      project_id INTEGER NOT NULL REFERENCES procurement_projects (id),
      category TEXT NOT NULL CHECK (category IN ('goods', 'infrastructure', 'consulting')),
      ${REASON},
      created TEXT NOT NULL CHECK (created GLOB ${TIME_FORMAT}),
      actor TEXT NOT NULL
    ) STRICT`,
    `CREATE INDEX project_categories_by_project ON project_categories (project_id, id)`,
    // All three are shown on the public project page: the render cache must renew.
    ...dataVersionTriggers('project_conferences'),
    ...dataVersionTriggers('project_observers'),
    ...dataVersionTriggers('project_categories'),
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE project_categories`.execute(db);
  await sql`DROP TABLE project_observers`.execute(db);
  await sql`DROP TABLE project_conferences`.execute(db);
}
