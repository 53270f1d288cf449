import { kindByCollection, recordKinds } from '../../shared/record-kinds.ts';
import { readFile, type OpenedSource } from './file-stream.ts';
import { jsonItems } from './json-items.ts';
import { decoded } from './utf8-text.ts';
import { ImportFileError, type SourceRow } from './source-row.ts';

/** Keys Firestore export tools add to a document that are not fields: its subcollections. */
const EXPORT_BOOKKEEPING = ['__collections__'];

function withoutBookkeeping(document: unknown): unknown {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return document;
  const copy = { ...(document as Record<string, unknown>) };
  for (const key of EXPORT_BOOKKEEPING) delete copy[key];
  return copy;
}

/**
 * Streams the documents of a Firestore export: an object keyed by the original's collection
 * names, each holding an array of documents or an object keyed by document id. A collection
 * we do not know stops the import, since its records would otherwise be lost silently.
 */
export function readFirestoreRows(file: string): OpenedSource {
  const reading = readFile(file);
  const known = recordKinds.map((kind) => kind.collection).join(', ');
  async function* rows(): AsyncGenerator<SourceRow> {
    try {
      const items = jsonItems(decoded(reading.bytes), 2, (path, container) => {
        if (path.length === 0 && container !== 'object') {
          throw new ImportFileError(
            'A Firestore export must be an object keyed by collection name ({"svp": [...], ...}).',
          );
        }
        if (path.length === 1 && !kindByCollection(String(path[0]))) {
          throw new ImportFileError(
            `The export has a collection "${String(path[0])}" that this site does not have; known collections: ${known}.`,
          );
        }
      });
      for await (const { path, value } of items) {
        const kind = kindByCollection(String(path[0]))!;
        const document = typeof path[1] === 'number' ? `[${path[1]}]` : String(path[1]);
        yield { place: { document }, kind, data: withoutBookkeeping(value) };
      }
    } finally {
      reading.close();
    }
  }
  return { rows: rows(), bytesRead: reading.bytesRead };
}
