import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';
import { dataVersionTriggers } from '../data-version.ts';

const TIME_FORMAT =
  "'[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z'";

/**
 * Advisories: short urgent notices shown as a banner on every public page between `starts`
 * and `ends` (ISO 8601 UTC, so text order is time order). Ending one early sets `ended_at`
 * and keeps the row; every correction and the early end leave the version before them in
 * advisory_history. Both tables are public, so their writes change the data version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE advisories (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      severity TEXT NOT NULL CHECK (severity IN ('information', 'warning', 'danger')),
      title TEXT NOT NULL CHECK (title <> ''),
      text TEXT NOT NULL CHECK (text <> ''),
      starts TEXT NOT NULL CHECK (starts GLOB ${TIME_FORMAT}),
      ends TEXT NOT NULL CHECK (ends GLOB ${TIME_FORMAT} AND ends > starts),
      ended_at TEXT CHECK (ended_at GLOB ${TIME_FORMAT}),
      end_reason TEXT,
      version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
      created TEXT NOT NULL CHECK (created GLOB ${TIME_FORMAT}),
      updated TEXT NOT NULL CHECK (updated GLOB ${TIME_FORMAT})
    ) STRICT`,
    // The banner's and the render cache's reads: advisories not ended early, by end.
    `CREATE INDEX advisories_running ON advisories (ends) WHERE ended_at IS NULL`,
    `CREATE TABLE advisory_history (
      advisory_id INTEGER NOT NULL REFERENCES advisories (id),
      version INTEGER NOT NULL CHECK (version >= 2),
      at TEXT NOT NULL CHECK (at GLOB ${TIME_FORMAT}),
      actor TEXT NOT NULL,
      action TEXT NOT NULL CHECK (action IN ('amended', 'ended')),
      reason TEXT NOT NULL CHECK (reason <> ''),
      changes TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(changes)),
      PRIMARY KEY (advisory_id, version)
    ) STRICT, WITHOUT ROWID`,
    ...dataVersionTriggers('advisories'),
    ...dataVersionTriggers('advisory_history'),
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE advisory_history`.execute(db);
  await sql`DROP TABLE advisories`.execute(db);
}
