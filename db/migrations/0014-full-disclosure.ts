import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';
import { dataVersionTriggers } from '../data-version.ts';

const TIME_FORMAT =
  "'[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z'";
const NOW = "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The documents table of 0006 with `type` taking `types`; SQLite cannot change a CHECK in place. */
function documentsTable(name: string, types: readonly string[]): string {
  return `CREATE TABLE ${name} (
    sha256 TEXT PRIMARY KEY CHECK (length(sha256) = 64 AND sha256 NOT GLOB '*[^0-9a-f]*'),
    bytes INTEGER NOT NULL CHECK (bytes > 0),
    type TEXT NOT NULL CHECK (type IN (${types.map((type) => `'${type}'`).join(', ')})),
    file_name TEXT NOT NULL,
    created TEXT NOT NULL DEFAULT ${NOW},
    uploaded_by INTEGER NOT NULL REFERENCES staff_users (id)
  ) STRICT, WITHOUT ROWID`;
}

/** Copies documents into a table of the given types, keeping its data-version triggers. */
function rebuildDocuments(types: readonly string[]): string[] {
  return [
    documentsTable('documents_rebuilt', types),
    'INSERT INTO documents_rebuilt SELECT sha256, bytes, type, file_name, created, uploaded_by FROM documents',
    'DROP TABLE documents',
    'ALTER TABLE documents_rebuilt RENAME TO documents',
    ...dataVersionTriggers('documents'),
  ];
}

const PROCUREMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];

/**
 * Full Disclosure Policy postings (issue 23). Hosted documents may now also be XLSX
 * workbooks, which the reports are kept in. A posting is one document type (an id of
 * content/full-disclosure.json) for one period: a fiscal year, and a quarter for quarterly
 * types (NULL for annual ones, so the unique index reads it as 0). Every file ever posted
 * for it is a row of full_disclosure_files, numbered from 1; the highest number is the one
 * shown, the earlier ones are its history, each with the reason it was replaced. Both are
 * public, so both bump the data version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    ...rebuildDocuments([...PROCUREMENT_TYPES, XLSX]),
    `CREATE TABLE full_disclosure_postings (
      id INTEGER PRIMARY KEY,
      document_type TEXT NOT NULL CHECK (document_type GLOB '[a-z0-9]*' AND document_type NOT GLOB '*[^a-z0-9-]*'),
      year INTEGER NOT NULL CHECK (year BETWEEN 1992 AND 9998),
      quarter INTEGER CHECK (quarter BETWEEN 1 AND 4),
      version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
      created TEXT NOT NULL CHECK (created GLOB ${TIME_FORMAT}),
      updated TEXT NOT NULL CHECK (updated GLOB ${TIME_FORMAT})
    ) STRICT`,
    `CREATE UNIQUE INDEX full_disclosure_postings_period
      ON full_disclosure_postings (document_type, year, ifnull(quarter, 0))`,
    'CREATE INDEX full_disclosure_postings_year ON full_disclosure_postings (year)',
    'CREATE INDEX full_disclosure_postings_updated ON full_disclosure_postings (updated DESC, id DESC)',
    `CREATE TABLE full_disclosure_files (
      posting_id INTEGER NOT NULL REFERENCES full_disclosure_postings (id),
      version INTEGER NOT NULL CHECK (version >= 1),
      sha256 TEXT NOT NULL REFERENCES documents (sha256),
      file_name TEXT NOT NULL CHECK (file_name <> ''),
      posted_at TEXT NOT NULL CHECK (posted_at GLOB ${TIME_FORMAT}),
      posted_by TEXT NOT NULL,
      reason TEXT CHECK ((version = 1 AND reason IS NULL) OR (version > 1 AND reason <> '')),
      PRIMARY KEY (posting_id, version)
    ) STRICT, WITHOUT ROWID`,
    ...dataVersionTriggers('full_disclosure_postings'),
    ...dataVersionTriggers('full_disclosure_files'),
  ];
  await runStatements(db, statements);
}

/** Back to 0013: postings are dropped, and so are hosted workbooks' rows (their files stay on disk). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE full_disclosure_files`.execute(db);
  await sql`DROP TABLE full_disclosure_postings`.execute(db);
  await sql.raw(`DELETE FROM documents WHERE type = '${XLSX}'`).execute(db);
  for (const statement of rebuildDocuments(PROCUREMENT_TYPES)) {
    await sql.raw(statement).execute(db);
  }
}
