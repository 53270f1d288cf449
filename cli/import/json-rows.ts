import type { RecordKind } from '../../shared/record-kinds.ts';
import { readFile, type OpenedSource } from './file-stream.ts';
import { jsonItems } from './json-items.ts';
import { decoded } from './utf8-text.ts';
import { ImportFileError, type SourceRow } from './source-row.ts';

/** Streams the objects of a JSON file holding one array of records. */
export function readJsonRows(file: string, kind: RecordKind): OpenedSource {
  const reading = readFile(file);
  async function* rows(): AsyncGenerator<SourceRow> {
    try {
      const items = jsonItems(decoded(reading.bytes), 1, (path, container) => {
        if (path.length === 0 && container !== 'array') {
          throw new ImportFileError('A JSON import must be an array of records ([{...}, {...}]).');
        }
      });
      for await (const { path, value } of items) {
        yield { place: { index: path[0] as number }, kind, data: value };
      }
    } finally {
      reading.close();
    }
  }
  return { rows: rows(), bytesRead: reading.bytesRead };
}
