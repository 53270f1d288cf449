import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import nodePath from 'node:path';
import { CSV_QUOTED_CELL, neutraliseFormula } from '../../shared/open-data/formula-cells.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { EXTRA_COLUMNS } from './row-check.ts';
import type { SourceRow } from './source-row.ts';

export type RejectsFormat = 'csv' | 'ndjson';

/**
 * The columns a CSV rejects file has in front of the row's own. The CSV import reads past
 * them, so a rejects file fixed in a spreadsheet imports again as it is.
 */
export const REJECTS_COLUMNS = ['line', 'reason'] as const;

/**
 * A CSV rejects file is made to be opened in Excel: a byte order mark, without which Excel
 * reads UTF-8 as the Windows code page (ñ shows as Ã±), and CRLF line ends.
 */
const CSV_BOM = '\ufeff';
const CSV_LINE_END = '\r\n';

/** Rejected rows with their reasons, in a file the operator can fix and import again. */
export interface RejectsFile {
  readonly path: string;
  write(row: SourceRow, errors: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

/**
 * A value as a CSV cell, with formula-leading text neutralised as in the site's downloads
 * (the import takes the apostrophe away again), so opening the file runs nothing.
 */
function csvCell(value: unknown): string {
  const text =
    value === undefined || value === null
      ? ''
      : typeof value === 'string'
        ? neutraliseFormula(value)
        : JSON.stringify(value);
  // Quoted as the site's downloads quote, so a spreadsheet in any locale opens it to fix.
  return CSV_QUOTED_CELL.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function reasonsText(errors: Record<string, string>): string {
  return Object.entries(errors)
    .map(([field, reason]) => `${field}: ${reason}`)
    .join('; ');
}

/**
 * A row's `document` path as seen from the rejects file, so that the fixed file imports
 * the same documents wherever --rejects put it; other values as they were.
 */
function rebasedDocument(data: unknown, from: string, to: string): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  const { document } = data as { document?: unknown };
  if (typeof document !== 'string' || document.trim() === '') return data;
  if (nodePath.isAbsolute(document.trim())) return data;
  const rebased = nodePath.relative(to, nodePath.resolve(from, document.trim()));
  return { ...data, document: rebased || document };
}

/**
 * Opens the rejects file on the first reject, so a clean import leaves no empty file
 * behind. CSV rejects keep the kind's columns, with the line and reason in front, written
 * for a spreadsheet (see CSV_BOM); other inputs get one JSON object per line with the
 * original row. A relative `document` path, read from `documentBase` (the import file's folder), is rewritten to be relative to the
 * rejects file's folder.
 */
export function rejectsFile(
  path: string,
  format: RejectsFormat,
  kind: RecordKind | undefined,
  documentBase: string,
): RejectsFile {
  const rejectsDir = nodePath.dirname(nodePath.resolve(path));
  let stream: WriteStream | undefined;
  const columns = kind ? [...kind.fields.map((field) => field.name), ...EXTRA_COLUMNS] : [];

  async function put(text: string): Promise<void> {
    if (!stream) {
      stream = createWriteStream(path, { flags: 'w', encoding: 'utf8' });
      if (format === 'csv') {
        stream.write(CSV_BOM + [...REJECTS_COLUMNS, ...columns].join(',') + CSV_LINE_END);
      }
    }
    if (!stream.write(text)) await once(stream, 'drain');
  }

  return {
    path,
    async write(row, errors) {
      const original = rebasedDocument(row.data, documentBase, rejectsDir);
      if (format === 'csv') {
        const data = (typeof original === 'object' && original !== null ? original : {}) as Record<
          string,
          unknown
        >;
        await put(
          [row.place.line, reasonsText(errors), ...columns.map((column) => data[column])]
            .map(csvCell)
            .join(',') + CSV_LINE_END,
        );
      } else {
        await put(
          JSON.stringify({ collection: row.kind.collection, ...row.place, errors, row: original }) +
            '\n',
        );
      }
    },
    async close() {
      if (!stream) return;
      stream.end();
      await once(stream, 'finish');
    },
  };
}
