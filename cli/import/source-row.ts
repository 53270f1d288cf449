import type { RecordKind } from '../../shared/record-kinds.ts';

/** Where a row sits in its file, in the terms the file's format uses. */
export interface RowPlace {
  /** CSV and NDJSON: the line the record starts on (1 is the header of a CSV). */
  line?: number;
  /** JSON array: the item's position, from 0. */
  index?: number;
  /** Firestore export: the document id, or its position in brackets when the collection is an array. */
  document?: string;
}

/** One record as read from an import file, before any check. */
export interface SourceRow {
  place: RowPlace;
  kind: RecordKind;
  data: unknown;
  /** Problems the reader found itself, e.g. a CSV line with too many values or an NDJSON line that is not JSON. */
  problems?: Record<string, string>;
}

/** The whole file cannot be imported: bad CSV header, broken JSON, unknown collection. Nothing is written. */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

/** A readable place, as in the report: "line 12", "index 3", "svp/abc123", "svp[0]". */
export function describePlace(
  row: Pick<SourceRow, 'place' | 'kind'>,
  withCollection: boolean,
): string {
  const { line, index, document } = row.place;
  if (document !== undefined) {
    return document.startsWith('[')
      ? `${row.kind.collection}${document}`
      : `${row.kind.collection}/${document}`;
  }
  const where = line !== undefined ? `line ${line}` : `index ${index}`;
  return withCollection ? `${row.kind.collection} ${where}` : where;
}
