/**
 * The site's languages and their addresses: English at the paths the site always had, so no
 * link breaks, and Filipino under /fil with the same paths after the prefix. The API,
 * downloads, feeds and OCDS are language-neutral and have no prefix.
 */
export const LANGUAGES = ['en', 'fil'] as const;

export type Lang = (typeof LANGUAGES)[number];

export const FILIPINO_PREFIX = '/fil';

/** The BCP 47 locale for Intl dates and numbers on each language's pages (Manila time either way). */
export const INTL_LOCALES: Record<Lang, string> = { en: 'en-US', fil: 'fil-PH' };

/** Each language named in itself, for the language switch. */
export const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', fil: 'Filipino' };

export function isLang(value: string): value is Lang {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** The language of a page path: Filipino under /fil, English elsewhere. */
export function langOfPath(pathname: string): Lang {
  return pathname === FILIPINO_PREFIX || pathname.startsWith(`${FILIPINO_PREFIX}/`) ? 'fil' : 'en';
}

/** A page path without its language prefix: `/fil/history` → `/history`, `/fil` → `/`. */
export function pathWithoutLang(pathname: string): string {
  if (langOfPath(pathname) === 'en') return pathname;
  return pathname.slice(FILIPINO_PREFIX.length) || '/';
}

/**
 * A site path (either language's form, optionally with ?query and #fragment) as `lang`'s
 * address of the same page: `/history` → `/fil/history`, `/` → `/fil` (no trailing slash:
 * the server answers every other spelling with a redirect), `/?page=2` → `/fil?page=2`.
 */
export function pathInLang(path: string, lang: Lang): string {
  const split = path.search(/[?#]/);
  const pathname = split === -1 ? path : path.slice(0, split);
  const rest = split === -1 ? '' : path.slice(split);
  const bare = pathWithoutLang(pathname);
  if (lang === 'en') return `${bare}${rest}`;
  return `${FILIPINO_PREFIX}${bare === '/' ? '' : bare}${rest}`;
}
