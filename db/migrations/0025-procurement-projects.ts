import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../postgres/postgres-dialect.ts';
import { runStatements } from './run-statements.ts';
import { dataVersionTriggers } from '../data-version.ts';

/**
 * A procurement project is one contracting process (issue 34): one OCID, one page, every
 * notice of it. Until now a process was only the notices sharing a PhilGEPS reference; this
 * gives it a row of its own, so notices without a reference can join one, and a plan line
 * (APP code), bids, awards and contracts have somewhere to hang later.
 *
 * - procurement_projects: `process_key` is what follows the site's OCID prefix; the backfill
 *   uses the key the OCDS code derived until now (the PhilGEPS reference, else
 *   `<collection>-<id>`), so every OCID already published keeps answering. `abc` is integer
 *   centavos like the record tables'.
 * - procurement_project_notices: which project a notice is part of. A table of its own rather
 *   than a column on each kind's table: a ninth kind's table (createRecordTable, which must not
 *   change) then needs nothing new, and a notice with no row here is published as before.
 * - procurement_project_moves: every move of a notice to another project, with who and why,
 *   the public history of the link (written in one transaction with the audit entry).
 *
 * The record tables as they were when this was written (like 0001 and 0007).
 */
const collections = {
  notice_of_awards: { name: 'project_title', reference: true, mode: true, abc: false },
  notice_to_proceed: { name: 'project_title', reference: true, mode: true, abc: false },
  bid_bulletin: { name: 'project_title', reference: true, mode: false, abc: false },
  public_bidding: { name: 'project_title', reference: true, mode: false, abc: true },
  svp: { name: 'project_title', reference: true, mode: false, abc: true },
  reports: { name: 'title', reference: false, mode: false, abc: false },
  two_failed_bidding: { name: 'project_title', reference: true, mode: false, abc: true },
  shopping_bidding: { name: 'project_title', reference: true, mode: false, abc: true },
} as const;

const TIME_FORMAT =
  "'[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z'";

/** ₱100 billion in centavos, the most any amount may be (shared/money.ts). */
const MAX_CENTAVOS = 10_000_000_000_000;

const tables = [
  `CREATE TABLE procurement_projects (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    process_key TEXT NOT NULL UNIQUE CHECK (process_key <> '' AND process_key = trim(process_key)),
    title TEXT NOT NULL,
    end_user_office TEXT,
    mode TEXT,
    abc INTEGER CHECK (abc BETWEEN 0 AND ${MAX_CENTAVOS}),
    app_code TEXT,
    year INTEGER NOT NULL CHECK (year BETWEEN 1900 AND 9999),
    created TEXT NOT NULL CHECK (created GLOB ${TIME_FORMAT}),
    updated TEXT NOT NULL CHECK (updated GLOB ${TIME_FORMAT})
  ) STRICT`,
  `CREATE INDEX procurement_projects_newest_first ON procurement_projects (year DESC, created DESC, id DESC)`,
  `CREATE INDEX procurement_projects_app_code ON procurement_projects (app_code) WHERE app_code IS NOT NULL`,
  `CREATE TABLE procurement_project_notices (
    collection TEXT NOT NULL,
    record_id INTEGER NOT NULL,
    project_id INTEGER NOT NULL REFERENCES procurement_projects (id),
    PRIMARY KEY (collection, record_id)
  ) STRICT, WITHOUT ROWID`,
  `CREATE INDEX procurement_project_notices_by_project ON procurement_project_notices (project_id)`,
  `CREATE TABLE procurement_project_moves (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    collection TEXT NOT NULL,
    record_id INTEGER NOT NULL,
    from_project INTEGER NOT NULL REFERENCES procurement_projects (id),
    to_project INTEGER NOT NULL REFERENCES procurement_projects (id),
    at TEXT NOT NULL CHECK (at GLOB ${TIME_FORMAT}),
    actor TEXT NOT NULL,
    reason TEXT NOT NULL CHECK (reason <> '')
  ) STRICT`,
  `CREATE INDEX procurement_project_moves_by_record ON procurement_project_moves (collection, record_id)`,
];

/** The process key a record had in the OCDS code before projects: its reference, else itself. */
function keyOf(collection: string, reference: boolean): string {
  return reference
    ? `coalesce(nullif(trim(philgeps_reference), ''), '${collection}-' || id)`
    : `'${collection}-' || id`;
}

/**
 * One project per process key, named and dated after its earliest notice (ties by kind order,
 * then id); mode and ABC from the earliest notice that states them.
 */
function backfill(postgres: boolean): string[] {
  // PostgreSQL types a bare NULL as text when two branches of the union both lack an amount.
  const noAbc = postgres ? 'CAST(NULL AS INTEGER)' : 'NULL';
  const notices = Object.entries(collections)
    .map(
      ([collection, { name, reference, mode, abc }], order) =>
        `SELECT ${keyOf(collection, reference)} AS process_key, '${collection}' AS collection, id,
          ${order} AS kind_order, ${name} AS title, ${mode ? 'mode_of_procurement' : 'NULL'} AS mode,
          ${abc ? 'abc' : noAbc} AS abc, created FROM ${collection}`,
    )
    .join(' UNION ALL ');
  // PostgreSQL (15) names every subquery in FROM, and has no strftime: extract reads the
  // year of the time in Manila (UTC+8) there. On SQLite these statements are as they were.
  const ordered = postgres
    ? `(SELECT * FROM (${notices}) AS notices ORDER BY created, kind_order, id) AS ordered`
    : `(SELECT * FROM (${notices}) ORDER BY created, kind_order, id)`;
  const year = postgres
    ? `CAST(extract(year FROM CAST(min(created) AS timestamp) + interval '8 hours') AS INTEGER)`
    : `CAST(strftime('%Y', min(created), '+8 hours') AS INTEGER)`;
  return [
    `CREATE TEMP TABLE project_backfill AS SELECT * FROM ${ordered}`,
    `INSERT INTO procurement_projects (process_key, title, mode, abc, year, created, updated)
      SELECT process_key,
        (SELECT title FROM project_backfill AS first WHERE first.process_key = notices.process_key
          ORDER BY created, kind_order, id LIMIT 1),
        (SELECT mode FROM project_backfill AS first WHERE first.process_key = notices.process_key
          AND nullif(trim(mode), '') IS NOT NULL ORDER BY created, kind_order, id LIMIT 1),
        (SELECT abc FROM project_backfill AS first WHERE first.process_key = notices.process_key
          AND abc IS NOT NULL ORDER BY created, kind_order, id LIMIT 1),
        ${year},
        min(created), max(created)
      FROM project_backfill AS notices GROUP BY process_key ORDER BY min(created), process_key`,
    `INSERT INTO procurement_project_notices (collection, record_id, project_id)
      SELECT collection, project_backfill.id, procurement_projects.id
      FROM project_backfill JOIN procurement_projects USING (process_key)`,
    `DROP TABLE project_backfill`,
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    ...tables,
    ...backfill(isPostgres(db)),
    // Projects and their notices are shown on public pages: the render cache must renew.
    ...['procurement_projects', 'procurement_project_notices', 'procurement_project_moves'].flatMap(
      dataVersionTriggers,
    ),
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE procurement_project_moves`.execute(db);
  await sql`DROP TABLE procurement_project_notices`.execute(db);
  await sql`DROP TABLE procurement_projects`.execute(db);
}
