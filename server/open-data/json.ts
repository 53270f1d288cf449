import { Readable } from 'node:stream';
import type { ProcurementRecord } from '../../shared/records/list-query.ts';

/**
 * A list's JSON download as a stream: `{"items":[…]}`, each item the same object as the
 * list API's items (`id`, the kind's fields with amounts as decimal strings and times as
 * ISO 8601 UTC, null where empty, `created`). One chunk of records is turned to text at a
 * time, when the reader asks for more.
 */
export function jsonItemsStream(
  chunks: Iterable<ProcurementRecord[]> | AsyncIterable<ProcurementRecord[]>,
): Readable {
  async function* text(): AsyncGenerator<Buffer> {
    yield Buffer.from('{"items":[');
    let first = true;
    for await (const chunk of chunks) {
      if (chunk.length === 0) continue;
      const items = chunk.map((record) => JSON.stringify(record)).join(',\n');
      yield Buffer.from(first ? `\n${items}` : `,\n${items}`);
      first = false;
    }
    yield Buffer.from('\n]}\n');
  }
  return Readable.from(text(), { objectMode: false });
}

/** One record per line (NDJSON), the same objects as the JSON download's items. */
export function ndjsonStream(
  chunks: Iterable<ProcurementRecord[]> | AsyncIterable<ProcurementRecord[]>,
): Readable {
  async function* text(): AsyncGenerator<Buffer> {
    for await (const chunk of chunks) {
      if (chunk.length === 0) continue;
      yield Buffer.from(chunk.map((record) => `${JSON.stringify(record)}\n`).join(''));
    }
  }
  return Readable.from(text(), { objectMode: false });
}
