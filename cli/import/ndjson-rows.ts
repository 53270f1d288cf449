import { createInterface } from 'node:readline';
import type { RecordKind } from '../../db/record-kinds.ts';
import { readFile, type OpenedSource } from './file-stream.ts';
import type { SourceRow } from './source-row.ts';

/** Streams a file of one JSON record per line. A line that is not JSON is a bad row, not a bad file. */
export function readNdjsonRows(file: string, kind: RecordKind): OpenedSource {
  const reading = readFile(file, 'utf8');
  async function* rows(): AsyncGenerator<SourceRow> {
    const lines = createInterface({ input: reading.stream, crlfDelay: Infinity });
    let line = 0;
    try {
      for await (let text of lines) {
        line++;
        if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        if (text.trim() === '') continue;
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
      reading.stream.destroy();
    }
  }
  return { rows: rows(), bytesRead: reading.bytesRead };
}
