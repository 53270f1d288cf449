import { createReadStream, type ReadStream } from 'node:fs';
import type { SourceRow } from './source-row.ts';

/** A file read in chunks, with how far the reader has got for the progress display. */
export interface FileReading {
  stream: ReadStream;
  bytesRead(): number;
}

const CHUNK_SIZE = 256 * 1024;

export function readFile(file: string, encoding?: BufferEncoding): FileReading {
  const stream = createReadStream(file, {
    highWaterMark: CHUNK_SIZE,
    ...(encoding ? { encoding } : {}),
  });
  return { stream, bytesRead: () => stream.bytesRead };
}

/** What an import reads: its rows one at a time, and its progress through the file. */
export interface OpenedSource {
  rows: AsyncIterable<SourceRow>;
  bytesRead(): number;
}
