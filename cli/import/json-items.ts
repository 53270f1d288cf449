import { ImportFileError } from './source-row.ts';

export type JsonKey = string | number;

export interface JsonItem {
  /** Keys and array positions leading to the item, outermost first. */
  path: JsonKey[];
  value: unknown;
}

export class JsonStreamError extends ImportFileError {
  override name = 'JsonStreamError';
}

interface Frame {
  container: 'array' | 'object';
  /** Position of the current item in an array. */
  index: number;
  /** Key of the current member of an object. */
  key: string;
}

type Expect =
  'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'comma-or-close' | 'end';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function pathText(path: readonly JsonKey[]): string {
  return path.length === 0
    ? 'the top level'
    : path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('');
}

/**
 * Streams the values nested exactly `depth` containers deep in one JSON document (depth 1:
 * the items of a top-level array; depth 2: the documents of each collection of a Firestore
 * export). Only one item is in memory at a time, so memory does not grow with the file.
 * Each item's text is handed to JSON.parse; the containers around the items are checked
 * here. `onContainer` sees every container opened above the items' depth, before its items.
 */
export async function* jsonItems(
  chunks: AsyncIterable<string>,
  depth: number,
  onContainer: (path: JsonKey[], container: 'array' | 'object') => void = () => {},
): AsyncGenerator<JsonItem> {
  const stack: Frame[] = [];
  // In an object, because TypeScript does not see the closures below change it.
  const state: { expect: Expect } = { expect: 'value' };
  let offset = 0;
  let first = true;

  // An item (at `depth`) or an object key being read; its text may span chunks.
  let capturing = false;
  let readingKey = false;
  let parts: string[] = [];
  let nesting = 0;
  let inString = false;
  let escaped = false;
  let scalar = false;

  const currentPath = (): JsonKey[] =>
    stack.map((frame) => (frame.container === 'array' ? frame.index : frame.key));
  const fail = (message: string, at: number): never => {
    throw new JsonStreamError(
      `Not valid JSON at character ${at + 1} (${pathText(currentPath())}): ${message}`,
    );
  };
  const afterValue = () => {
    state.expect = stack.length === 0 ? 'end' : 'comma-or-close';
  };
  const finishItem = (text: string, at: number): JsonItem => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error), at);
    }
    capturing = false;
    parts = [];
    afterValue();
    return { path: currentPath(), value };
  };

  for await (let chunk of chunks) {
    if (first) {
      first = false;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);

      if (capturing || readingKey) {
        if (inString) {
          if (escaped) escaped = false;
          else if (code === BACKSLASH) escaped = true;
          else if (code === QUOTE) {
            inString = false;
            if (readingKey) {
              const top = stack[stack.length - 1]!;
              top.key = JSON.parse(parts.join('') + chunk.slice(start, i + 1)) as string;
              readingKey = false;
              parts = [];
              state.expect = 'colon';
            } else if (scalar) {
              yield finishItem(parts.join('') + chunk.slice(start, i + 1), offset + i);
            }
          }
          continue;
        }
        if (scalar) {
          // A number, true, false or null ends at the first character that cannot be part of it.
          if (!(
            isWhitespace(code) ||
            code === COMMA ||
            code === CLOSE_ARRAY ||
            code === CLOSE_OBJECT
          ))
            continue;
          yield finishItem(parts.join('') + chunk.slice(start, i), offset + i);
        } else {
          if (code === QUOTE) inString = true;
          else if (code === OPEN_ARRAY || code === OPEN_OBJECT) nesting++;
          else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
            nesting--;
            if (nesting === 0)
              yield finishItem(parts.join('') + chunk.slice(start, i + 1), offset + i);
          }
          continue;
        }
      }

      if (isWhitespace(code)) continue;
      const top = stack[stack.length - 1];
      switch (state.expect) {
        case 'value':
        case 'value-or-close': {
          if (state.expect === 'value-or-close' && code === CLOSE_ARRAY) {
            stack.pop();
            afterValue();
            break;
          }
          if (stack.length === depth) {
            capturing = true;
            start = i;
            parts = [];
            scalar = code !== OPEN_ARRAY && code !== OPEN_OBJECT;
            inString = code === QUOTE;
            nesting = scalar ? 0 : 1;
            break;
          }
          if (code !== OPEN_ARRAY && code !== OPEN_OBJECT)
            fail('expected an array or an object', offset + i);
          const container = code === OPEN_ARRAY ? 'array' : 'object';
          onContainer(currentPath(), container);
          stack.push({ container, index: 0, key: '' });
          state.expect = container === 'array' ? 'value-or-close' : 'key-or-close';
          break;
        }
        case 'key':
        case 'key-or-close':
          if (state.expect === 'key-or-close' && code === CLOSE_OBJECT) {
            stack.pop();
            afterValue();
            break;
          }
          if (code !== QUOTE) fail('expected a quoted key', offset + i);
          readingKey = true;
          inString = true;
          start = i;
          parts = [];
          break;
        case 'colon':
          if (code !== COLON) fail("expected ':' after a key", offset + i);
          state.expect = 'value';
          break;
        case 'comma-or-close':
          if (code === COMMA) {
            if (top!.container === 'array') {
              top!.index++;
              state.expect = 'value';
            } else {
              state.expect = 'key';
            }
          } else if (code === (top!.container === 'array' ? CLOSE_ARRAY : CLOSE_OBJECT)) {
            stack.pop();
            afterValue();
          } else {
            fail(`expected ',' or '${top!.container === 'array' ? ']' : '}'}'`, offset + i);
          }
          break;
        case 'end':
          fail('unexpected text after the end of the document', offset + i);
      }
    }
    if (capturing || readingKey) {
      parts.push(chunk.slice(start));
    }
    offset += chunk.length;
  }
  if (capturing && scalar && !inString) yield finishItem(parts.join(''), offset);
  if (state.expect === 'value' && stack.length === 0 && !capturing)
    throw new JsonStreamError('The file is empty: it holds no JSON.');
  if (state.expect !== 'end' || capturing || readingKey)
    fail('the file ends before the JSON does', offset);
}
