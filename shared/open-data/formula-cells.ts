/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a cell that starts with =, +, -,
 * @, a tab or a carriage return (or their full-width forms, which some spreadsheets read
 * the same) can run as a formula when a downloaded CSV is opened. Such a cell is written
 * with a leading apostrophe, which spreadsheets read as "text follows".
 *
 * The import must give back the value exported, so the rule is reversible: a cell that
 * already starts with apostrophes before such a character gets one apostrophe more, and
 * the CSV import takes exactly one away from any cell of that shape. The one value it
 * reads differently from a hand-written CSV is text that itself starts with an apostrophe
 * and then one of those characters, which loses its first apostrophe.
 */
const FORMULA_START = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/u;
const NEUTRALISED = /^'+[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/u;

/** The cell as written to a CSV download. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell read from a CSV import, as it was before neutraliseFormula. */
export function restoreFormula(cell: string): string {
  return NEUTRALISED.test(cell) ? cell.slice(1) : cell;
}

/**
 * The cells written in quotes: any that holds a character some spreadsheet splits cells or
 * rows on. RFC 4180 needs only the comma, the quote and CRLF, but where the decimal mark
 * is a comma spreadsheets split on `;` (so `;=1+1` unquoted would start a cell `=1+1`,
 * past the formula check), some split on tabs, and readers, the import among them, end a
 * row at a lone LF or CR, which csv-stringify leaves unquoted once a record delimiter is set.
 */
export const CSV_QUOTED_CELL = /[;,"\t\r\n]/;
