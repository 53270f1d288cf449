import { isTime, manilaIso } from '../shared/manila-time.ts';

/**
 * Rows as text columns for a terminal: the first row is the header, each column as wide as
 * its widest cell, two spaces between columns, no trailing spaces.
 */
export function formatTable(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join('');
}

/**
 * A stored UTC time as a cell people read: Manila time with its offset written out
 * ("2026-02-03T14:00:00+08:00"); text that is not a time is shown as it is.
 */
export function manilaCell(iso: string): string {
  return isTime(iso) ? manilaIso(iso) : iso;
}
