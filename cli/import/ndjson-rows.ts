import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { readFile, type OpenedSource } from './file-stream.ts';
import { ImportFileError, type SourceRow } from './source-row.ts';
import { decoded } from './utf8-text.ts';

/** Streams a file of one JSON record per line. A line that is not JSON is a bad row, not a bad file. */
export function readNdjsonRows(file: string, kind: RecordKind): OpenedSource {
  const reading = readFile(file);
  async function* rows(): AsyncGenerator<SourceRow> {
    const lines = createInterface({
      input: Readable.from(decoded(reading.bytes)),
      crlfDelay: Infinity,
    });
    let line = 0;
    let records = 0;
    try {
      for await (const text of lines) {
        line++;
        if (text.trim() === '') continue;
        records++;
        try {
          yield { place: { line }, kind, data: JSON.parse(text) as unknown };
        } catch (error) {
          if (!(error instanceof SyntaxError)) throw error;
          yield {
            place: { line },
            kind,
            data: {},
            problems: { row: `is not valid JSON: ${error.message}` },
          };
        }
      }
    } finally {
      lines.close();
      reading.close();
    }
    if (records === 0) {
      throw new ImportFileError(
        'The file is empty: an NDJSON import needs one JSON record per line.',
      );
    }
  }
  return { rows: rows(), bytesRead: reading.bytesRead };
}
