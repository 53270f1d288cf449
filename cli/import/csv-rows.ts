import { Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { restoreFormula } from '../../shared/open-data/formula-cells.ts';
import { REJECTS_COLUMNS } from './rejects-file.ts';
import { allowedColumns } from './row-check.ts';
import { readFile, type OpenedSource } from './file-stream.ts';
import { ImportFileError, type SourceRow } from './source-row.ts';

function lineBreaks(value: string): number {
  if (!value.includes('\n') && !value.includes('\r')) return 0;
  return value.match(/\r\n|\r|\n/g)?.length ?? 0;
}

/** A rejects file's own columns, read past so that a fixed rejects file imports as it is. */
const READ_PAST = new Set<string>(REJECTS_COLUMNS);

/**
 * The header must name the kind's required fields, and may name its optional ones,
 * `created`, `id` and `document`, and a rejects file's `line` and `reason`, each once;
 * with a `document` column, `link` may be left out, as each row links to its file.
 */
function checkHeader(kind: RecordKind, header: string[]): void {
  const allowed = new Set([...allowedColumns(kind), ...READ_PAST]);
  const expected = kind.fields.map((field) => field.name).join(', ');
  const unknown = header.filter((name) => !allowed.has(name));
  if (unknown.length > 0) {
    throw new ImportFileError(
      `The header has column${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `"${name}"`).join(', ')} that ${kind.collection} does not have; its columns are ${expected}, and optionally created and document.`,
    );
  }
  const repeated = header.filter((name, position) => header.indexOf(name) !== position);
  if (repeated.length > 0)
    throw new ImportFileError(`The header names ${repeated.join(', ')} more than once.`);
  const missing = kind.fields
    .filter((field) => !field.optional && !header.includes(field.name))
    .map((field) => field.name)
    .filter((name) => !(name === 'link' && header.includes('document')));
  if (missing.length > 0) {
    throw new ImportFileError(
      `The header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (expected ${expected}).`,
    );
  }
}

/**
 * A record holding nothing but spaces and commas: a blank line, or one of the `,,,,,` rows
 * Excel writes below the data for cells that were once formatted or cleared. Skipped,
 * before the header as after it, wherever it is.
 */
function isBlank(record: string[]): boolean {
  return record.every((value) => value.trim() === '');
}

/**
 * Streams a CSV file's records as rows keyed by the header. Quoted values may hold commas
 * and line breaks, so each row's line number is counted here: csv-parse's own count is off
 * for CRLF line breaks inside quotes.
 */
export function readCsvRows(file: string, kind: RecordKind): OpenedSource {
  const reading = readFile(file);
  const source = Readable.from(reading.bytes, { objectMode: false });
  // All three line endings, not csv-parse's guess from the first line: a file edited in
  // two programs can mix them, and a guessed CRLF would run LF rows together into one.
  const parser = source.pipe(
    parse({
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: false,
    }),
  );
  source.on('error', (error) => parser.destroy(error));

  async function* rows(): AsyncGenerator<SourceRow> {
    let header: string[] | undefined;
    let line = 1;
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        const startLine = line;
        line += 1 + record.reduce((breaks, value) => breaks + lineBreaks(value), 0);
        if (isBlank(record)) continue;
        if (!header) {
          header = record.map((name) => name.trim());
          checkHeader(kind, header);
          continue;
        }
        const data: Record<string, string> = {};
        header.forEach((name, position) => {
          const value = record[position];
          if (READ_PAST.has(name)) return;
          // The site's own CSV downloads neutralise formula-leading cells; this undoes it.
          if (value !== undefined) data[name] = restoreFormula(value);
        });
        const row: SourceRow = { place: { line: startLine }, kind, data };
        if (record.length !== header.length) {
          row.problems = {
            row: `has ${record.length} values but the header has ${header.length} columns`,
          };
        }
        yield row;
      }
    } catch (error) {
      if (error instanceof CsvError) throw new ImportFileError(`Not valid CSV: ${error.message}`);
      throw error;
    } finally {
      source.destroy();
      reading.close();
    }
    if (!header) throw new ImportFileError('The file is empty: a CSV import needs a header row.');
  }
  return { rows: rows(), bytesRead: reading.bytesRead };
}
