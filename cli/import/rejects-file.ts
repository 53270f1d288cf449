import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
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
 * Opens the rejects file on the first reject, so a clean import leaves no empty file
 * behind. CSV rejects keep the kind's columns, with the line and reason in front; other
 * inputs get one JSON object per line with the original row.
 */
export function rejectsFile(
  path: string,
  format: RejectsFormat,
  kind: RecordKind | undefined,
): RejectsFile {
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
      if (format === 'csv') {
        const data = (typeof row.data === 'object' && row.data !== null ? row.data : {}) as Record<
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
          JSON.stringify({ collection: row.kind.collection, ...row.place, errors, row: row.data }) +
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
