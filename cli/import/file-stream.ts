import { createReadStream } from 'node:fs';
import type { SourceRow } from './source-row.ts';
import { utf8Text } from './utf8-text.ts';

/**
 * A text file read in chunks, checked as UTF-8 on the way (see utf8Text), with how far the
 * reader has got for the progress display.
 */
export interface FileReading {
  /** Chunks that each end on a whole character, without a byte order mark. */
  bytes: AsyncIterable<Buffer>;
  bytesRead(): number;
  /** Stops reading, for a reader that gives up before the end of the file. */
  close(): void;
}

const CHUNK_SIZE = 256 * 1024;

export function readFile(file: string): FileReading {
  const stream = createReadStream(file, { highWaterMark: CHUNK_SIZE });
  return {
    bytes: utf8Text(stream),
    bytesRead: () => stream.bytesRead,
    close: () => stream.destroy(),
  };
}

/** What an import reads: its rows one at a time, and its progress through the file. */
export interface OpenedSource {
  rows: AsyncIterable<SourceRow>;
  bytesRead(): number;
}
