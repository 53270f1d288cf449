import { describe, expect, it } from 'vitest';
import { jsonItems, JsonStreamError, type JsonItem } from '../../cli/import/json-items.ts';

async function* chunked(text: string, size: number): AsyncGenerator<string> {
  for (let start = 0; start < text.length; start += size) yield text.slice(start, start + size);
}

async function collect(text: string, depth: number, size = text.length || 1): Promise<JsonItem[]> {
  const items: JsonItem[] = [];
  for await (const item of jsonItems(chunked(text, size), depth)) items.push(item);
  return items;
}

const tricky = {
  title: 'Quotes " and \\ backslashes, braces { ] and commas, in text',
  unicode: 'Ñ ñ \u00e9 🎉',
  nested: { list: [1, 2, { deep: [] }], empty: {} },
};

describe('streaming JSON items', () => {
  it('yields the items of a top-level array with their positions, whatever the chunk size', async () => {
    const values = [tricky, 42, 'text', null, true, [1, [2]], { a: 1 }];
    const text = JSON.stringify(values, null, 2);
    for (const size of [1, 2, 7, 64, text.length]) {
      const items = await collect(text, 1, size);
      expect(items.map((item) => item.value)).toEqual(values);
      expect(items.map((item) => item.path)).toEqual(values.map((_, index) => [index]));
    }
  });

  it('yields the documents of each collection, keyed by id or position', async () => {
    const text = JSON.stringify({
      svp: { docA: { x: '1' }, 'doc "B"': { x: '2' } },
      reports: [{ y: '3' }],
      empty: [],
    });
    for (const size of [1, 5, text.length]) {
      expect(await collect(text, 2, size)).toEqual([
        { path: ['svp', 'docA'], value: { x: '1' } },
        { path: ['svp', 'doc "B"'], value: { x: '2' } },
        { path: ['reports', 0], value: { y: '3' } },
      ]);
    }
  });

  it('skips a byte order mark and tells containers above the items', async () => {
    const seen: string[] = [];
    const items: JsonItem[] = [];
    for await (const item of jsonItems(
      chunked('\ufeff{"a": [{}], "b": {}}', 3),
      2,
      (path, container) => seen.push(`${path.join('.')}:${container}`),
    )) {
      items.push(item);
    }
    expect(seen).toEqual([':object', 'a:array', 'b:object']);
    expect(items).toHaveLength(1);
  });

  it.each([
    ['[{"a": 1}, {"a": 2}', 'ends before'],
    ['[{"a": 1} {"a": 2}]', "expected ','"],
    ['[{"a": 1},, {"a": 2}]', 'Not valid JSON'],
    ['[{"a": tru}]', 'Not valid JSON'],
    ['[{"a": 1}] trailing', 'after the end'],
    ['{"a" 1}', "expected ':'"],
    ['', 'The file is empty'],
    [' \r\n\t\n', 'The file is empty'],
  ])('refuses %j as a whole', async (text, message) => {
    const depth = text.startsWith('{') ? 2 : 1;
    await expect(collect(text, depth)).rejects.toThrow(JsonStreamError);
    await expect(collect(text, depth)).rejects.toThrow(message);
  });

  it('refuses a scalar where a container of items is expected', async () => {
    await expect(collect('{"svp": 5}', 2)).rejects.toThrow('expected an array or an object');
  });
});
