import { sql } from 'kysely';
import {
  fundReportColumns,
  isFundAmountColumn,
  type FundAmountKey,
  type FundColumnKey,
} from '../../shared/fund-report/fund-report-columns.ts';
import type { FundReportQuarter, FundRow } from '../../shared/content-types.ts';
import { formatDecimal } from '../../shared/money.ts';
import { writeAudit } from '../audit-log.ts';
import { queryRows, writeTransaction, type SiteDatabase } from '../site-database.ts';

/** A row as imported: the report's text, amounts as integer centavos (null for an empty cell). */
export type ImportedFundRow = {
  [K in FundColumnKey]: K extends FundAmountKey ? number | null : string;
};

/** fundSource → fund_source: the table's column for each of the report's columns. */
const columnOf = (key: FundColumnKey) =>
  key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const keys = fundReportColumns.map(([key]) => key);
// Aliases double-quoted: PostgreSQL folds unquoted names to lower case. The names are the
// report's own column keys, not input.
const selectList = sql.raw(keys.map((key) => `${columnOf(key)} AS "${key}"`).join(', '));
const insertColumns = sql.raw(keys.map(columnOf).join(', '));

/** Every imported quarter with its rows in their order, newest quarter first; amounts as decimal strings. */
export async function listImportedFundQuarters(
  database: SiteDatabase,
): Promise<FundReportQuarter[]> {
  const rows = await queryRows(
    database,
    () =>
      sql<{ endedOn: string } & Record<FundColumnKey, string | number | null>>`
        SELECT ended_on AS "endedOn", ${selectList} FROM fund_report_rows
        ORDER BY ended_on DESC, position`,
  );
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

export async function hasImportedFundQuarter(
  database: SiteDatabase,
  endedOn: string,
): Promise<boolean> {
  const rows = await queryRows(
    database,
    () =>
      sql<{ one: number }>`SELECT 1 AS one FROM fund_report_quarters WHERE ended_on = ${endedOn}`,
  );
  return rows.length > 0;
}

/**
 * Adds a quarter, its rows and the audit entry in one transaction, so a failure leaves no
 * half quarter and no import unaccounted for. The quarter's row is inserted first, doing
 * nothing on a conflict with its key, so of two imports of the same quarter (two
 * processes on PostgreSQL too) only one adds it. Returns false, writing nothing, when the
 * quarter is already there.
 */
export async function addFundQuarter(
  database: SiteDatabase,
  quarter: { endedOn: string; rows: ImportedFundRow[]; actor: string; sourceFile: string },
): Promise<boolean> {
  return writeTransaction(database, async (tx) => {
    const added = await queryRows(
      tx,
      () => sql<{ endedOn: string }>`
        INSERT INTO fund_report_quarters (ended_on, imported_by, source_file)
        VALUES (${quarter.endedOn}, ${quarter.actor}, ${quarter.sourceFile})
        ON CONFLICT (ended_on) DO NOTHING RETURNING ended_on AS "endedOn"`,
    );
    if (added.length === 0) return false;
    for (const [index, row] of quarter.rows.entries()) {
      const values = sql.join(keys.map((key) => row[key]));
      await sql`
        INSERT INTO fund_report_rows (ended_on, position, ${insertColumns})
        VALUES (${quarter.endedOn}, ${index + 1}, ${values})`.execute(tx.db);
    }
    await writeAudit(tx, {
      action: 'fund-report-quarter-imported',
      actor: quarter.actor,
      address: null,
      detail: { quarter: quarter.endedOn, rows: quarter.rows.length, file: quarter.sourceFile },
    });
    return true;
  });
}
