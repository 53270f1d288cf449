import { describe, expect, it } from 'vitest';
import { ImportFileError } from '../../cli/import/source-row.ts';
import { decoded, utf8Text } from '../../cli/import/utf8-text.ts';

async function* chunked(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let start = 0; start < bytes.length; start += size)
    yield bytes.subarray(start, start + size);
}

/** Runs the check over the bytes cut into chunks of every size, as a file stream may cut them. */
async function eachSplit(bytes: Buffer, test: (read: () => Promise<string>) => Promise<void>) {
  for (let size = 1; size <= bytes.length + 1; size++) {
    await test(async () => {
      let text = '';
      for await (const chunk of decoded(utf8Text(chunked(bytes, size)))) text += chunk;
      return text;
    });
  }
}

async function refusal(bytes: Buffer): Promise<string[]> {
  const messages = new Set<string>();
  await eachSplit(bytes, async (read) => {
    const error = await read().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ImportFileError);
    messages.add((error as Error).message);
  });
  return [...messages];
}

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))),
  );

describe('UTF-8 text check', () => {
  it('passes text through whole, with characters of every length cut across chunks', async () => {
    const text = 'Pañgasinan, Ñ ñ — €, 日本, 🎉 end\r\nnext\rline\n';
    await eachSplit(Buffer.from(text), async (read) => expect(await read()).toBe(text));
  });

  it('removes a leading byte order mark, and only a leading one', async () => {
    await eachSplit(bytes([0xef, 0xbb, 0xbf], 'a,b\n\ufeffc'), async (read) =>
      expect(await read()).toBe('a,b\n\ufeffc'),
    );
    await eachSplit(bytes([0xef, 0xbb, 0xbf]), async (read) => expect(await read()).toBe(''));
    await eachSplit(bytes('ab'), async (read) => expect(await read()).toBe('ab'));
  });

  it('names the line and byte of text that is not UTF-8, counting CRLF, CR and LF as one break each', async () => {
    expect(await refusal(bytes('one\r\ntwo\rthree\nfour\r\n\r\nsix Caf', [0xe9], ' ok\n'))).toEqual(
      ['line 6: not valid UTF-8 text (byte 0xE9) — save the file as UTF-8'],
    );
    expect(await refusal(bytes([0xef, 0xbb, 0xbf], 'a\nb', [0x80]))).toEqual([
      'line 2: not valid UTF-8 text (byte 0x80) — save the file as UTF-8',
    ]);
  });

  it('refuses overlong forms, surrogates and a character the file cuts short', async () => {
    const line2 = (byte: string) => [
      `line 2: not valid UTF-8 text (byte 0x${byte}) — save the file as UTF-8`,
    ];
    expect(await refusal(bytes('x\n', [0xc0, 0xaf]))).toEqual(line2('C0'));
    expect(await refusal(bytes('x\n', [0xe0, 0x80, 0xaf]))).toEqual(line2('E0'));
    expect(await refusal(bytes('x\n', [0xed, 0xa0, 0x80]))).toEqual(line2('ED'));
    expect(await refusal(bytes('x\n', [0xf4, 0x90, 0x80, 0x80]))).toEqual(line2('F4'));
    expect(await refusal(bytes('x\ny', [0xe2, 0x82]))).toEqual(line2('E2'));
  });

  it('names the line of a NUL byte, or of whichever fault comes first', async () => {
    expect(await refusal(bytes('a\r\nb\r\nc', [0], 'd\n'))).toEqual([
      'line 3: contains a NUL byte',
    ]);
    expect(await refusal(bytes('a\n', [0xe9], '\n', [0]))).toEqual([
      'line 2: not valid UTF-8 text (byte 0xE9) — save the file as UTF-8',
    ]);
    expect(await refusal(bytes('a\n', [0], '\n', [0xe9]))).toEqual(['line 2: contains a NUL byte']);
  });

  it('says so for a UTF-16 file, as Excel saves "Unicode Text"', async () => {
    const message = 'The file is UTF-16 text ("Unicode Text" in Excel) — save the file as UTF-8';
    expect(await refusal(Buffer.from('\ufeffa,b\n', 'utf16le'))).toEqual([message]);
    expect(await refusal(bytes([0xfe, 0xff, 0, 0x61]))).toEqual([message]);
    expect(await refusal(bytes([0xff, 0xfe]))).toEqual([message]);
  });
});
