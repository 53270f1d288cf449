/**
 * Filipino a resident reads without stumbling (issue 31): the Filipino home, Transparency
 * Seal and Bids and Awards pages show the Filipino of every content text they hold, not
 * its English. Names of people and places are plain strings and stay as written.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.ts';

type Json = unknown;
const read = (file: string): Json => JSON.parse(readFileSync(`content/${file}`, 'utf8')) as Json;

/** Keys whose plain strings are names (people, places, the municipality), kept in every language. */
const NAMES = new Set(['name', 'province', 'lot']);
/** Keys holding paths, addresses and ids rather than words. */
const NOT_WORDS = new Set([
  'src',
  'href',
  'url',
  'file',
  'id',
  'slug',
  'variants',
  'avif',
  'webm',
  'mp4',
  'poster',
  'captions',
  'ocidPrefix',
  'contactNumbers',
  'lines',
]);

/**
 * The English a Filipino page must not show: the `en` of every text given in both
 * languages (where the two differ), and every plain string that is not a name.
 */
function english(node: Json, key = ''): string[] {
  if (typeof node === 'string')
    return NAMES.has(key) || NOT_WORDS.has(key) || node.trim() === '' ? [] : [node];
  if (Array.isArray(node)) return node.flatMap((item) => english(item, key));
  if (!node || typeof node !== 'object') return [];
  const record = node as Record<string, Json>;
  // `{ en, lang: 'fil' }` is one Filipino text shown on both languages' pages (LocalizedText).
  if (typeof record.en === 'string') {
    return record.fil === record.en || record.lang === 'fil' ? [] : [record.en];
  }
  return Object.entries(record).flatMap(([name, value]) =>
    NOT_WORDS.has(name) ? [] : english(value, name),
  );
}

/** Every page's frame: the header, menu and footer. */
const FRAME = [...english(read('site.json')), ...english(read('menu.json'))];
const home = read('home.json') as { videos: Json[] };
const destinations = (
  read('tourist-destinations.json') as {
    destinations: { description: Json; image: { alt: Json } }[];
  }
).destinations
  .slice(0, 3)
  .flatMap((place) => english({ description: place.description, alt: place.image.alt }));
/** The English message's paragraphs that the Filipino one words otherwise. */
const paragraphs = (file: string) =>
  readFileSync(`content/${file}`, 'utf8')
    .split(/\n\s*\n/)
    .map((text) => text.trim())
    .filter(Boolean);
const filipinoMessage = new Set(paragraphs('mayor-message.fil.md'));
const mayorMessage = paragraphs('mayor-message.md').filter((text) => !filipinoMessage.has(text));

const PAGES: [string, string[]][] = [
  ['/fil', [...FRAME, ...english(home), ...destinations, ...mayorMessage]],
  ['/fil/transparency-seal', [...FRAME, ...english(read('transparency-seal.json'))]],
  [
    '/fil/bids-and-awards',
    [...FRAME, ...english(read('bids-and-awards.json')), 'Get new notices by e-mail'],
  ],
];

/**
 * The page's texts as a reader gets them, each run of text between tags on its own, so a
 * Filipino text keeping the English term beside it, "Katapatan (Transparency)", is not
 * taken for the English.
 */
function textsOf(html: string): Set<string> {
  return new Set(
    html
      .replace(/<script[\s\S]*?<\/script>/g, '<>')
      .split(/<[^>]*>/)
      .map((text) =>
        text
          .replaceAll('&#x27;', "'")
          .replaceAll('&quot;', '"')
          .replaceAll('&amp;', '&')
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .filter(Boolean),
  );
}

describe('the Filipino pages of content', () => {
  const testApp = useTestApp();

  it.each(PAGES)('%s shows no English text of content/', async (url, texts) => {
    expect(texts.length, url).toBeGreaterThan(0);
    const response = await testApp.app.inject({ url });
    expect(response.statusCode).toBe(200);
    const page = textsOf(response.body);
    const shown = texts.filter((text) => page.has(text.replace(/\s+/g, ' ').trim()));
    expect(shown, url).toEqual([]);
  });
});
