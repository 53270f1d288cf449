import { CsvError, parse } from 'csv-parse/sync';
import { refusal } from '../exit-codes.ts';
import { readFile } from './file-stream.ts';

// The whole-file CSV imports (contract amendments, the Annual Procurement Plan): the file is
// read at once, every row is checked, and one bad row refuses the file, naming each by its line.

/** A CSV row with its line number (a spreadsheet's row number): blank rows are skipped but counted. */
export interface NumberedRow {
  record: string[];
  line: number;
}

/** At most this many bad rows are listed; the count says how many there were. */
const PROBLEMS_SHOWN = 20;

/** A whole file's text, checked as UTF-8, for a reader that parses it at once. */
export async function wholeText(file: string): Promise<string> {
  const reading = readFile(file);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of reading.bytes) chunks.push(chunk);
  } catch (error) {
    throw refusal(`Cannot read ${file}: ${(error as Error).message}`);
  } finally {
    reading.close();
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function csvRows(file: string): Promise<string[][]> {
  const text = await wholeText(file);
  try {
    return parse(text.replace(/^\uFEFF/, ''), {
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw refusal(`${file}: not valid CSV: ${error.message}`);
    throw error;
  }
}

/**
 * The file's header and its rows that hold anything, numbered by their line; refuses an empty
 * file. `blank` counts the rows skipped for holding nothing but empty cells.
 */
export async function wholeCsv(
  file: string,
): Promise<{ header: NumberedRow; body: NumberedRow[]; blank: number }> {
  const numbered = (await csvRows(file)).map((record, index) => ({ record, line: index + 1 }));
  const filled = numbered.filter(({ record }) => record.some((value) => value.trim() !== ''));
  const [header, ...body] = filled;
  if (!header) throw refusal(`${file}: the file is empty; it needs a header row.`);
  const blank = numbered.filter(
    ({ record, line }) => line > header.line && record.every((value) => value.trim() === ''),
  ).length;
  return { header, body, blank };
}

/** What a refused file's message says: the first problems ("line 3, …") and how many more. */
export function problemsMessage(file: string, problems: readonly string[]): string {
  const shown = problems.slice(0, PROBLEMS_SHOWN);
  const more = problems.length - shown.length;
  return `${file}: ${problems.length === 1 ? 'a value is' : `${problems.length} values are`} not right; nothing was imported.\n  ${shown.join('\n  ')}${more > 0 ? `\n  … and ${more} more` : ''}`;
}

/** Refuses the whole file when any row was wrong, listing the problems ("line 3, …"). */
export function refuseProblems(file: string, problems: readonly string[]): void {
  if (problems.length === 0) return;
  throw refusal(problemsMessage(file, problems));
}
