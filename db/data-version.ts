import { sql } from 'kysely';
import { recordKinds } from '../shared/record-kinds.ts';
import { queryRows, type SiteDatabase } from './site-database.ts';

/**
 * Tables whose rows appear on public pages or in the public read API: every record kind's
 * table (from the registry, so a new kind is here without an edit) and the tables shown
 * beside records. A write to any of them must change the data version, or the render cache
 * would keep serving the page as it was. A new public table goes here and gets its triggers
 * from a migration that calls `dataVersionTriggers` (createRecordTable does, for a kind's
 * table; a test checks that every table listed here has them).
 */
export const DATA_VERSION_TABLES: readonly string[] = [
  ...recordKinds.map((kind) => kind.collection),
  'record_history',
  'documents',
  'demo_records',
  'pictures',
  'news_items',
  'news_history',
  'advisories',
  'advisory_history',
  'fund_report_quarters',
  'fund_report_rows',
  'full_disclosure_postings',
  'full_disclosure_files',
  'procurement_projects',
  'procurement_project_notices',
  'procurement_project_moves',
  'supplier_merges',
  'supplier_registrations',
];

/** The one-row table the triggers bump; created by migration 0008. */
export const DATA_VERSION_TABLE = 'data_version';

/**
 * The triggers that bump the counter on every insert, update and delete of `table`. They
 * run inside the writer's own transaction, so the counter changes exactly when the write
 * commits, whichever process (the server, a CLI import) or connection made it, and a
 * rolled-back write leaves it as it was. Migrations run this, so what it writes must not change.
 */
export function dataVersionTriggers(table: string): string[] {
  return (['INSERT', 'UPDATE', 'DELETE'] as const).map(
    (event) =>
      `CREATE TRIGGER ${table}_data_version_${event.toLowerCase()} AFTER ${event} ON ${table}
        BEGIN UPDATE ${DATA_VERSION_TABLE} SET version = version + 1; END`,
  );
}

/**
 * The committed data version on either engine, as this connection sees it: the one row of
 * data_version, moved by the triggers of every public table in the writer's own transaction,
 * so a rolled-back write leaves it as it was. SQLite's render cache reads it synchronously
 * once per event-loop turn (readDataVersion, db/sqlite-data-version.ts).
 */
export async function currentDataVersion(database: SiteDatabase): Promise<number> {
  const [row] = await queryRows(
    database,
    () => sql<{ version: number | string }>`SELECT version FROM ${sql.table(DATA_VERSION_TABLE)}`,
  );
  if (!row) throw new Error('The database has no data version: it has not been migrated');
  return Number(row.version);
}
