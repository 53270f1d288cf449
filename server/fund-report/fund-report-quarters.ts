import type { AccountingContent, FundReportQuarter, FundRow } from '../../shared/content-types.ts';
import {
  fundReportColumns,
  isFundAmountColumn,
} from '../../shared/fund-report/fund-report-columns.ts';
import { quarterEndFromWords } from '../../shared/fund-report/fund-report-quarters.ts';
import { formatDecimal, parseMoney } from '../../shared/money.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import { listImportedFundQuarters } from '../../db/fund-report/fund-report.ts';

/** An amount cell as the API sends it: "₱5,000,000.00" becomes "5000000.00"; an empty cell stays empty. */
function decimalCell(cell: string): string {
  const parsed = parseMoney(cell);
  return parsed.ok ? formatDecimal(parsed.centavos) : cell;
}

/**
 * The content file's quarters in the served form: each named by its calendar date, amounts
 * as decimal strings like imported ones. The content schema has checked both already.
 */
export function contentFundQuarters(accounting: AccountingContent): FundReportQuarter[] {
  return accounting.fundReport.quarters.map((quarter) => ({
    endedOn: quarterEndFromWords(quarter.endedOn) ?? quarter.endedOn,
    rows: quarter.rows.map(
      (row) =>
        Object.fromEntries(
          fundReportColumns.map(([key]) => [
            key,
            isFundAmountColumn(key) ? decimalCell(row[key]) : row[key],
          ]),
        ) as FundRow,
    ),
  }));
}

/**
 * Every quarter of the fund report, newest first: the content file's and those imported
 * with `municipal import fund-report`. The import refuses a quarter the content file has, so
 * each quarter comes from one place.
 */
export async function fundReportQuarters(
  fromContent: readonly FundReportQuarter[],
  database: SiteDatabase,
): Promise<FundReportQuarter[]> {
  return [...fromContent, ...(await listImportedFundQuarters(database))].sort((a, b) =>
    b.endedOn.localeCompare(a.endedOn),
  );
}
