import {
  fundReportColumns,
  isFundAmountColumn,
  type FundAmountKey,
  type FundColumnKey,
} from '../../shared/fund-report/fund-report-columns.ts';
import type { FundReportQuarter, FundRow } from '../../shared/content-types.ts';
import { formatDecimal } from '../../shared/money.ts';
import { recordAudit } from '../audit-log.ts';
import type { AppDatabase } from '../connection.ts';
import { statement } from '../records/record-queries.ts';

/** A row as imported: the report's text, amounts as integer centavos (null for an empty cell). */
export type ImportedFundRow = {
  [K in FundColumnKey]: K extends FundAmountKey ? number | null : string;
};

/** fundSource → fund_source: the table's column for each of the report's columns. */
const columnOf = (key: FundColumnKey) =>
  key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const keys = fundReportColumns.map(([key]) => key);
const selectList = keys.map((key) => `${columnOf(key)} AS ${key}`).join(', ');

/** Every imported quarter with its rows in their order, newest quarter first; amounts as decimal strings. */
export function listImportedFundQuarters(database: AppDatabase): FundReportQuarter[] {
  const rows = statement(
    database,
    'fund-report:rows',
    () =>
      `SELECT ended_on AS endedOn, ${selectList} FROM fund_report_rows ORDER BY ended_on DESC, position`,
  ).all() as ({ endedOn: string } & Record<FundColumnKey, string | number | null>)[];
  const quarters = new Map<string, FundRow[]>();
  for (const { endedOn, ...stored } of rows) {
    const row = Object.fromEntries(
      keys.map((key) => {
        const value = stored[key];
        return [
          key,
          isFundAmountColumn(key)
            ? value === null
              ? ''
              : formatDecimal(Number(value))
            : String(value),
        ];
      }),
    ) as FundRow;
    quarters.set(endedOn, [...(quarters.get(endedOn) ?? []), row]);
  }
  return [...quarters].map(([endedOn, quarterRows]) => ({ endedOn, rows: quarterRows }));
}

export function hasImportedFundQuarter(database: AppDatabase, endedOn: string): boolean {
  return (
    statement(
      database,
      'fund-report:has',
      () => 'SELECT EXISTS (SELECT 1 FROM fund_report_quarters WHERE ended_on = ?)',
    )
      .pluck()
      .get(endedOn) === 1
  );
}

/**
 * Adds a quarter, its rows and the audit entry in one transaction, so a failure leaves no
 * half quarter and no import unaccounted for. IMMEDIATE, and the quarter's key is checked
 * inside it, so two imports of the same quarter cannot both add it. Returns false, writing
 * nothing, when the quarter is already there.
 */
export function addFundQuarter(
  database: AppDatabase,
  quarter: { endedOn: string; rows: ImportedFundRow[]; actor: string; sourceFile: string },
): boolean {
  const insertQuarter = statement(
    database,
    'fund-report:add-quarter',
    () => 'INSERT INTO fund_report_quarters (ended_on, imported_by, source_file) VALUES (?, ?, ?)',
  );
  const insertRow = statement(
    database,
    'fund-report:add-row',
    () =>
      `INSERT INTO fund_report_rows (ended_on, position, ${keys.map(columnOf).join(', ')})
        VALUES (?, ?, ${keys.map(() => '?').join(', ')})`,
  );
  const add = database.sqlite.transaction(() => {
    if (hasImportedFundQuarter(database, quarter.endedOn)) return false;
    insertQuarter.run(quarter.endedOn, quarter.actor, quarter.sourceFile);
    quarter.rows.forEach((row, position) => {
      insertRow.run(quarter.endedOn, position + 1, ...keys.map((key) => row[key]));
    });
    recordAudit(database, {
      action: 'fund-report-quarter-imported',
      actor: quarter.actor,
      address: null,
      detail: { quarter: quarter.endedOn, rows: quarter.rows.length, file: quarter.sourceFile },
    });
    return true;
  });
  return add.immediate();
}
