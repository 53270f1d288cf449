import type { Lang } from './languages.ts';

/*
 * Which of the site's two languages a text typed by staff or an editor is in: a news item,
 * a record's title, an advisory may be written in either, whatever the page's language.
 * Counting each language's commonest short words is enough to tell Filipino from English
 * prose, needs no list of the text's own language stored with it, and gives the same
 * answer for the same text wherever it is shown. A text with neither kind of word (a
 * name, a number, a reference code) has no language of its own and takes the page's.
 */
const FILIPINO_WORDS = new Set(
  'ang ng mga sa na ay si ni kay nang para mula ito iyon po ko mo niya namin natin ating aming ngayong ngayon libreng bayan lahat may wala hindi din rin lamang lang kung dahil pero upang'.split(
    ' ',
  ),
);
const ENGLISH_WORDS = new Set(
  'the of and to in for is are was were with on by from this that now will be has have not or its their our an'.split(
    ' ',
  ),
);

/** `fil` or `en` when the text's words say so, null when they do not. */
export function textLang(text: string): Lang | null {
  let filipino = 0;
  let english = 0;
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    if (FILIPINO_WORDS.has(word)) filipino += 1;
    else if (ENGLISH_WORDS.has(word)) english += 1;
  }
  if (filipino === english) return null;
  return filipino > english ? 'fil' : 'en';
}
