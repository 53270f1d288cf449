import { describe, expect, it } from 'vitest';
import { recordKinds } from '../../shared/record-kinds.ts';
import { useTestApp } from '../helpers/test-app.ts';

/** Percent-encodes every UTF-16 unit's UTF-8 bytes, lone surrogates too (as WTF-8), which encodeURIComponent refuses. */
function encodeAny(text: string): string {
  let encoded = '';
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    const bytes =
      unit < 0x80
        ? [unit]
        : unit < 0x800
          ? [0xc0 | (unit >> 6), 0x80 | (unit & 0x3f)]
          : [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        encoded += encodeURIComponent(text.slice(index, index + 2));
        index++;
        continue;
      }
    }
    encoded += bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return encoded;
}

const controlCharacters = [
  ...Array.from({ length: 0x20 }, (_, code) => code),
  0x7f,
  0x85,
  0x9f,
].map((code) => String.fromCharCode(code));

/** Search texts that have broken, or could break, the search: each goes in percent-encoded. */
const searches: string[] = [
  ...controlCharacters.flatMap((character) => [character, `ab${character}cd`, `road${character}`]),
  '\uD800',
  '\uDFFF',
  'ab\uD800cd',
  '\uDBFF\uDFFF',
  'a'.repeat(10_000),
  'ñ'.repeat(10_000),
  '"'.repeat(10_000),
  `${' '.repeat(10_000)}road`,
  '"',
  '""',
  '"road',
  'road"',
  'a" OR "b',
  '*',
  'road*',
  '* road',
  'NEAR(',
  'NEAR(road bridge)',
  'NEAR',
  '-',
  '-road',
  'road -bridge',
  'AND',
  'road AND bridge',
  'OR',
  'NOT',
  'road NOT bridge',
  '^road',
  'project_title:road',
  '{pr_number project_title}:road',
  '(',
  ')',
  '((road',
  '+',
  "'",
  "road'; DROP TABLE svp; --",
  '\\',
  '%',
  '%%%',
  '_',
  ':',
  '::',
  '🙂',
  '🙂🙂🙂',
  'e\u0301',
  '\uFEFF',
  '\u200B\u200B\u200B',
];

/** Raw query strings, sent as they are: bad percent-encoding, repeats, unknown and odd parameters. */
const rawQueries: string[] = [
  'q=%ED%A0%80',
  'q=%ED%A0%80road',
  'q=%ED%BF%BF',
  'q=%C0%80',
  'q=%C0%AF',
  'q=%FF',
  'q=%FE%FF',
  'q=%E0%A4%A',
  'q=%',
  'q=%G1',
  'q=%%',
  'q=%00',
  'q=ab%00cd',
  // Not percent-encoded at all, as a careless client sends them.
  'q=\uD800',
  'q=ab\uD800cd',
  'q=\uDFFF\uD800',
  'q=ab\u0000cd',
  'q=a\tb',
  'q=a\nb',
  'q=ñandu',
  'q=a b',
  'q=road&q=bridge',
  'q=road&q=road',
  'q=&q=',
  'page=1&page=1',
  'page=1&page=2',
  'q=road&page=1&q=bridge&page=2',
  'q[]=road',
  'q[a]=road',
  'q.a=road',
  'q',
  'page',
  '=road',
  '&&&',
  '?q=road',
  'x=1',
  '__proto__=1',
  '__proto__[x]=1',
  'constructor=1',
  'constructor[prototype][x]=1',
  'hasOwnProperty=1',
  'toString=1',
  'valueOf=x',
  `x=${'y'.repeat(10_000)}`,
  Array.from({ length: 1000 }, (_, index) => `p${index}=${index}`).join('&'),
  'page=',
  'page=0',
  'page=-1',
  'page=1.5',
  'page=1e3',
  'page=0x10',
  'page=Infinity',
  'page=NaN',
  'page=%EF%BC%91',
  'page=%00',
  'page=1%00',
  'page=%201%20',
  `page=${'9'.repeat(10_000)}`,
  'page=99999999999',
  'page=1000000000',
];

/** A sentence for a person: not a stack trace, not a schema path, not a generic fallback. */
function clearMessage(message: unknown): boolean {
  return (
    typeof message === 'string' &&
    /^[A-Z][^\n]{10,200}\.$/.test(message) &&
    !/querystring\/|must be string|not valid\.$/.test(message)
  );
}

const queries = [...searches.map((q) => `q=${encodeAny(q)}`), ...rawQueries];

describe('any query string is safe', { timeout: 120_000 }, () => {
  const testApp = useTestApp();

  it.each(recordKinds.map((kind) => kind.collection))(
    '/api/records/%s answers 200 with a page or 400 with a message, never 5xx',
    async (collection) => {
      const wrong: { query: string; status: number; body: string }[] = [];
      for (const query of queries) {
        const response = await testApp.app.inject({ url: `/api/records/${collection}?${query}` });
        const body = response.json() as { items?: unknown; message?: unknown };
        const fine =
          response.statusCode === 200
            ? Array.isArray(body.items)
            : response.statusCode === 400 && clearMessage(body.message);
        if (!fine)
          wrong.push({
            query: query.slice(0, 60),
            status: response.statusCode,
            body: response.body.slice(0, 200),
          });
      }
      expect(wrong).toEqual([]);
    },
  );

  it.each(recordKinds.map((kind) => kind.route))(
    '%s answers the list or 400 with the reason in the page, never 5xx',
    async (route) => {
      const wrong: { query: string; status: number; main: string }[] = [];
      for (const query of queries) {
        const response = await testApp.app.inject({ url: `${route}?${query}` });
        const main = response.body.slice(response.body.indexOf('<main'));
        const message = /<div class="record-error" role="alert"><p>([^<]*)<\/p>/.exec(main)?.[1];
        const fine =
          response.statusCode === 200
            ? main.includes('class="record-summary"')
            : response.statusCode === 400 && clearMessage(message);
        if (!fine)
          wrong.push({
            query: query.slice(0, 60),
            status: response.statusCode,
            main: main.slice(0, 300),
          });
      }
      expect(wrong).toEqual([]);
    },
  );
});
