import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';
import { dataVersionTriggers } from '../data-version.ts';

/**
 * Quarters of the fund report added by `municipal import fund-report`. The report's older
 * quarters stay in content/accounting.json; a running container's content folder is
 * read-only, so what staff add goes here and /accounting shows both. Public tables: they
 * bump the data version, so the page renders afresh after an import.
 *
 * Text columns keep the report's wording; the two amount columns (shared/fund-report-columns.ts)
 * are integer centavos, NULL where the report leaves the cell empty. A quarter is written
 * once, never replaced: what residents have read is not silently changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE fund_report_quarters (
    ended_on TEXT PRIMARY KEY CHECK (ended_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    imported_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    imported_by TEXT NOT NULL,
    source_file TEXT NOT NULL
  ) STRICT`,
  ]);
  await runStatements(db, [
    `CREATE TABLE fund_report_rows (
    ended_on TEXT NOT NULL REFERENCES fund_report_quarters (ended_on),
    position INTEGER NOT NULL,
    fund_source TEXT NOT NULL,
    date_notice TEXT NOT NULL,
    type_program TEXT NOT NULL,
    name_title TEXT NOT NULL,
    specific_location TEXT NOT NULL,
    mechanism TEXT NOT NULL,
    estimated_number TEXT NOT NULL,
    amount_receive INTEGER CHECK (amount_receive >= 0),
    date_of_obligation TEXT NOT NULL,
    amount_obligation INTEGER CHECK (amount_obligation >= 0),
    amount_disbursment TEXT NOT NULL,
    estimated_period TEXT NOT NULL,
    status TEXT NOT NULL,
    PRIMARY KEY (ended_on, position)
  ) STRICT, WITHOUT ROWID`,
  ]);
  for (const table of ['fund_report_quarters', 'fund_report_rows']) {
    await runStatements(db, dataVersionTriggers(table));
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['fund_report_rows', 'fund_report_quarters']) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`DROP TRIGGER ${table}_data_version_${event}`).execute(db);
    }
    await sql.raw(`DROP TABLE ${table}`).execute(db);
  }
}
