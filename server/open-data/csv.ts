import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { ProcurementRecord } from '../../shared/records/list-query.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { isTime, manilaIsoExact } from '../../shared/manila-time.ts';
import { hostedDocumentSha256 } from '../../shared/records/record-validation.ts';
import { CSV_QUOTED_CELL, neutraliseFormula } from '../../shared/open-data/formula-cells.ts';
import { absoluteLink, permalink } from './permalink.ts';

/**
 * The columns of a list's CSV: `id`, then the kind's fields under the names the import
 * reads (amounts as decimal strings, times as ISO 8601 with Manila's +08:00, a hosted
 * document's link absolute from SITE_URL), then `created`,
 * `status`, the permalink `url` and the hosted document's `document_sha256`. The import
 * takes `created` and ignores the other four, so the file imports as it is.
 */
export function csvColumns(kind: RecordKind): string[] {
  return [
    'id',
    ...kind.fields.map((field) => field.name),
    'created',
    'status',
    'url',
    'document_sha256',
  ];
}

/** One record as its CSV cells, in csvColumns order (csvTable neutralises formula-leading text). */
export function csvCells(
  kind: RecordKind,
  record: ProcurementRecord,
  siteUrl: string | undefined,
): string[] {
  const link = record.link ?? '';
  return [
    String(record.id),
    ...kind.fields.map((field) => {
      const value = record[field.name] ?? '';
      if (field.type === 'datetime') return manilaCell(value);
      // A hosted document's /documents/… path, absolute from SITE_URL: the import takes it
      // as a web address, and a spreadsheet has no page to resolve it against.
      if (field.type === 'link') return absoluteLink(value, siteUrl);
      return value;
    }),
    manilaCell(record.created),
    'published',
    permalink(kind, record.id, siteUrl),
    hostedDocumentSha256(link) ?? '',
  ];
}

/**
 * A stored UTC time as Manila time with its offset, to the millisecond: a spreadsheet shows
 * "10:00" for a 10:00 AM closing, not the "02:00Z" people misread, and the import reads it
 * back as the same instant. Text that is not a time stays as it is.
 */
function manilaCell(value: string): string {
  return value !== '' && isTime(value) ? manilaIsoExact(value) : value;
}

async function* csvRows(
  kind: RecordKind,
  chunks: Iterable<ProcurementRecord[]> | AsyncIterable<ProcurementRecord[]>,
  siteUrl: string | undefined,
): AsyncGenerator<string[]> {
  for await (const chunk of chunks) {
    for (const record of chunk) yield csvCells(kind, record, siteUrl);
  }
}

/**
 * A CSV file as a stream (CRLF line ends, CSV_QUOTED_CELL cells in quotes), UTF-8 with a
 * byte order mark so Excel shows ₱ and ñ as written. Rows are pulled from `rows` only as
 * fast as the reader takes the bytes; every cell is written through neutraliseFormula.
 */
export function csvTable(
  columns: string[],
  rows: Iterable<string[]> | AsyncIterable<string[]>,
): Readable {
  const writer = stringify({
    bom: true,
    header: true,
    columns,
    record_delimiter: 'windows',
    quoted_match: CSV_QUOTED_CELL,
  });
  async function* neutralised() {
    for await (const row of rows) yield row.map(neutraliseFormula);
  }
  return pipeline(Readable.from(neutralised()), writer, () => {
    // An error or an early close has already destroyed the writer, which the reader sees.
  });
}

/** A list's CSV download: csvColumns, then one row per record. */
export function csvStream(
  kind: RecordKind,
  chunks: Iterable<ProcurementRecord[]> | AsyncIterable<ProcurementRecord[]>,
  siteUrl: string | undefined,
): Readable {
  return csvTable(csvColumns(kind), csvRows(kind, chunks, siteUrl));
}
