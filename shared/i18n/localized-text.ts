import type { Lang } from './languages.ts';

/**
 * Text a municipality writes in content/: plain text (English), or both languages as
 * `{ "en": "...", "fil": "..." }`. A Filipino page shows `fil`, and where it is missing
 * falls back to `en` for that text alone. `lang` names the language the fallback is
 * really written in when that is not English: `{ "en": "Bayan ng Masaganang Ani",
 * "lang": "fil" }` is one Filipino text shown on both languages' pages, marked as Filipino.
 */
export type LocalizedText =
  string | { en: string; fil?: string | undefined; lang?: Lang | undefined };

/**
 * A text in its object form, as JSON carries it to the browser: one schema for every text
 * (`{ "en": "..." }` where only English was written).
 */
export type LocalizedObject = Exclude<LocalizedText, string>;

/** A text as an object, for JSON: plain English becomes `{ en }`. */
export function asLocalizedObject(text: LocalizedText): LocalizedObject {
  return typeof text === 'string' ? { en: text } : text;
}

/** The text for `lang`, and the language it is actually in (English when it fell back). */
export function localize(text: LocalizedText, lang: Lang): { text: string; lang: Lang } {
  if (typeof text === 'string') return { text, lang: 'en' };
  if (lang === 'fil' && text.fil) return { text: text.fil, lang: 'fil' };
  return { text: text.en, lang: text.lang ?? 'en' };
}

/** The English of a content text: what the API, feeds, downloads and the CLI say. */
export function inEnglish(text: LocalizedText): string {
  return typeof text === 'string' ? text : text.en;
}
