import { isUtf8 } from 'node:buffer';
import { ImportFileError } from './source-row.ts';

const CR = 0x0d;
const LF = 0x0a;
const NUL = 0x00;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** How many bytes a character starting with `lead` takes, or 0 if no character starts so. */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/** The allowed range of a character's second byte, which rules out overlong forms, surrogates and code points past U+10FFFF. */
function secondByteRange(lead: number): [number, number] {
  if (lead === 0xe0) return [0xa0, 0xbf];
  if (lead === 0xed) return [0x80, 0x9f];
  if (lead === 0xf0) return [0x90, 0xbf];
  if (lead === 0xf4) return [0x80, 0x8f];
  return [0x80, 0xbf];
}

/**
 * Where the first character that is not UTF-8 starts. Only called once `isUtf8` has said
 * the bytes are not, so its speed does not matter; the native check does the common case.
 */
function firstInvalidByte(bytes: Buffer): number {
  let at = 0;
  while (at < bytes.length) {
    const length = sequenceLength(bytes[at]!);
    if (length === 0) return at;
    for (let next = 1; next < length; next++) {
      const byte = bytes[at + next];
      const [low, high] = next === 1 ? secondByteRange(bytes[at]!) : [0x80, 0xbf];
      if (byte === undefined || byte < low || byte > high) return at;
    }
    at += length;
  }
  return -1;
}

/** How many bytes at the end of `bytes` begin a character that the next chunk completes. */
function unfinishedTail(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    const length = sequenceLength(byte);
    return length > back ? back : 0;
  }
  return 0;
}

/**
 * Counts line breaks the way the readers do: CRLF, a lone CR (old Mac exports) and LF are
 * one break each. `before` is the byte preceding `bytes`, to join a CRLF split across chunks.
 */
function lineBreaks(bytes: Buffer, end: number, before: number | undefined): number {
  let breaks = 0;
  for (let at = bytes.indexOf(CR); at !== -1 && at < end; at = bytes.indexOf(CR, at + 1)) breaks++;
  for (let at = bytes.indexOf(LF); at !== -1 && at < end; at = bytes.indexOf(LF, at + 1)) {
    if ((at === 0 ? before : bytes[at - 1]) !== CR) breaks++;
  }
  return breaks;
}

function isUtf16(start: Buffer): boolean {
  return (start[0] === 0xff && start[1] === 0xfe) || (start[0] === 0xfe && start[1] === 0xff);
}

/**
 * Passes a file's bytes on once they are known to be UTF-8 text without NUL bytes, with a
 * leading byte order mark removed, so the readers never see U+FFFD where a character was
 * or a NUL that SQLite would store. Each chunk handed on ends on a whole character, so it
 * can be decoded on its own. Bytes are checked as they stream past, keeping memory flat;
 * the count of line breaks so far lets a refusal name the line the bad byte is on.
 */
export async function* utf8Text(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let line = 1;
  let before: number | undefined;
  let carried: Buffer = Buffer.alloc(0);
  let atStart = true;

  const check = (bytes: Buffer): void => {
    const nul = bytes.indexOf(NUL);
    const invalid = isUtf8(bytes) ? -1 : firstInvalidByte(bytes);
    const at = invalid !== -1 && (nul === -1 || invalid < nul) ? invalid : nul;
    if (at === -1) {
      line += lineBreaks(bytes, bytes.length, before);
      if (bytes.length > 0) before = bytes[bytes.length - 1];
      return;
    }
    const where = `line ${line + lineBreaks(bytes, at, before)}`;
    if (at === nul) throw new ImportFileError(`${where}: contains a NUL byte`);
    const byte = bytes[at]!.toString(16).toUpperCase().padStart(2, '0');
    throw new ImportFileError(
      `${where}: not valid UTF-8 text (byte 0x${byte}) — save the file as UTF-8`,
    );
  };

  // Called once the first three bytes are in (or the file has ended), as a mark takes up to three.
  const markRemoved = (bytes: Buffer): Buffer => {
    atStart = false;
    if (isUtf16(bytes)) {
      throw new ImportFileError(
        'The file is UTF-16 text ("Unicode Text" in Excel) — save the file as UTF-8',
      );
    }
    return bytes.subarray(0, BOM.length).equals(BOM) ? bytes.subarray(BOM.length) : bytes;
  };

  for await (const chunk of chunks) {
    let bytes = carried.length > 0 ? Buffer.concat([carried, chunk]) : chunk;
    if (atStart) {
      if (bytes.length < BOM.length) {
        carried = bytes;
        continue;
      }
      bytes = markRemoved(bytes);
    }
    const whole = bytes.length - unfinishedTail(bytes);
    carried = bytes.subarray(whole);
    const ready = bytes.subarray(0, whole);
    check(ready);
    if (ready.length > 0) yield ready;
  }
  if (atStart) carried = markRemoved(carried);
  // Whatever is left is a character the file cut short, which check() reports.
  check(carried);
  if (carried.length > 0) yield carried;
}

/** Decodes the chunks utf8Text hands on; each ends on a whole character, so each decodes alone. */
export async function* decoded(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  for await (const chunk of chunks) yield chunk.toString('utf8');
}
