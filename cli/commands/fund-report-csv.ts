import { CsvError, parse } from 'csv-parse/sync';
import type { ImportedFundRow } from '../../db/fund-report/fund-report.ts';
import {
  fundReportColumns,
  isFundAmountColumn,
  type FundColumnKey,
} from '../../shared/fund-report/fund-report-columns.ts';
import { parseMoney } from '../../shared/money.ts';
import { readFile } from '../import/file-stream.ts';
import { ImportFileError } from '../import/source-row.ts';

/** At most this many row problems are listed; the count says how many there were. */
const PROBLEMS_SHOWN = 20;

/** A heading compared as people type it: case, and spaces around and between words, do not matter. */
const normalise = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

const keyByLabel = new Map(fundReportColumns.map(([key, label]) => [normalise(label), key]));
const expectedHeadings = fundReportColumns.map(([, label]) => `"${label}"`).join(', ');

/** The header must name each of the report's thirteen columns once, by its heading, in any order. */
function columnsOf(header: string[]): FundColumnKey[] {
  const unknown = header.filter((name) => !keyByLabel.has(normalise(name)));
  if (unknown.length > 0) {
    throw new ImportFileError(
      `The header has column${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `"${name}"`).join(', ')} that the fund report does not have. Its columns are ${expectedHeadings}.`,
    );
  }
  const keys = header.map((name) => keyByLabel.get(normalise(name))!);
  const repeated = header.filter((_, position) => keys.indexOf(keys[position]!) !== position);
  if (repeated.length > 0)
    throw new ImportFileError(
      `The header names ${repeated.map((name) => `"${name}"`).join(', ')} more than once.`,
    );
  const missing = fundReportColumns.filter(([key]) => !keys.includes(key));
  if (missing.length > 0) {
    throw new ImportFileError(
      `The header lacks the column${missing.length > 1 ? 's' : ''} ${missing.map(([, label]) => `"${label}"`).join(', ')}. A quarter needs all ${fundReportColumns.length}: ${expectedHeadings}.`,
    );
  }
  return keys;
}

/** One spreadsheet row as stored, or what is wrong with it. */
function rowOf(
  keys: FundColumnKey[],
  record: string[],
): { row: ImportedFundRow } | { problems: string[] } {
  if (record.length !== keys.length)
    return { problems: [`has ${record.length} values but the header has ${keys.length} columns`] };
  const problems: string[] = [];
  const row: Partial<Record<FundColumnKey, string | number | null>> = {};
  keys.forEach((key, position) => {
    const cell = record[position]!.trim();
    if (!isFundAmountColumn(key)) {
      row[key] = cell;
      return;
    }
    if (cell === '') {
      row[key] = null;
      return;
    }
    const label = fundReportColumns.find(([column]) => column === key)![1];
    const amount = parseMoney(cell, `"${label}"`);
    if (amount.ok) row[key] = amount.centavos;
    else problems.push(`${amount.message} It reads "${cell}".`);
  });
  return problems.length > 0 ? { problems } : { row: row as ImportedFundRow };
}

/**
 * Reads one quarter of the fund report from a CSV file saved from a spreadsheet: a header
 * row of the report's column headings, then one row per program or project. Blank rows are
 * skipped. Any problem refuses the whole file, with every bad row named by its spreadsheet
 * row number, so nothing half-imported ever reaches the page.
 */
export async function readFundReportCsv(file: string): Promise<ImportedFundRow[]> {
  const reading = readFile(file);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of reading.bytes) chunks.push(chunk);
  } finally {
    reading.close();
  }
  let records: string[][];
  try {
    records = parse(Buffer.concat(chunks).toString('utf8'), {
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw new ImportFileError(`Not valid CSV: ${error.message}`);
    throw error;
  }
  // A spreadsheet row is one CSV record, line breaks inside a cell included: row numbers match the spreadsheet's.
  const numbered = records
    .map((record, index) => ({ record, spreadsheetRow: index + 1 }))
    .filter(({ record }) => record.some((value) => value.trim() !== ''));
  const [header, ...body] = numbered;
  if (!header)
    throw new ImportFileError('The file is empty: it needs a header row of column headings.');
  const keys = columnsOf(header.record);
  if (body.length === 0)
    throw new ImportFileError('The file has a header but no rows: a quarter needs at least one.');
  const rows: ImportedFundRow[] = [];
  const problems: string[] = [];
  for (const { record, spreadsheetRow } of body) {
    const read = rowOf(keys, record);
    if ('row' in read) rows.push(read.row);
    else problems.push(...read.problems.map((problem) => `row ${spreadsheetRow}: ${problem}`));
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, PROBLEMS_SHOWN);
    const more = problems.length - shown.length;
    throw new ImportFileError(
      `${problems.length === 1 ? 'A value is' : `${problems.length} values are`} not right; nothing was imported.\n  ${shown.join('\n  ')}${more > 0 ? `\n  … and ${more} more` : ''}`,
    );
  }
  return rows;
}
