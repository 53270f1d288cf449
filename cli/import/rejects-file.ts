import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import nodePath from 'node:path';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { EXTRA_COLUMNS } from './row-check.ts';
import type { SourceRow } from './source-row.ts';

export type RejectsFormat = 'csv' | 'ndjson';

/** Rejected rows with their reasons, in a file the operator can fix and import again. */
export interface RejectsFile {
  readonly path: string;
  write(row: SourceRow, errors: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

function csvCell(value: unknown): string {
  const text =
    value === undefined || value === null
      ? ''
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
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
 * behind. CSV rejects keep the kind's columns, with the line and reason in front; other
 * inputs get one JSON object per line with the original row. A relative `document` path,
 * read from `documentBase` (the import file's folder), is rewritten to be relative to the
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
      if (format === 'csv') stream.write(['line', 'reason', ...columns].join(',') + '\n');
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
            .join(',') + '\n',
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
