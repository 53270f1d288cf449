import { Fragment, type ReactNode } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router-dom';
import { formatMessage } from '../../shared/i18n/format-message.ts';
import { langOfPath, pathInLang, type Lang } from '../../shared/i18n/languages.ts';
import { localize, type LocalizedText } from '../../shared/i18n/localized-text.ts';
import { en, type MessageKey, type Messages } from '../../shared/i18n/messages-en.ts';
import type { RootData } from '../root-data.ts';

export interface I18n {
  lang: Lang;
  /** The interface text for `key` in the page's language, placeholders filled. */
  t(key: MessageKey, values?: Record<string, string | number>): string;
  /** The same with elements (links, code) in its placeholders, for sentences that hold them. */
  rich(key: MessageKey, values: Record<string, ReactNode>): ReactNode[];
  /** A page's address in the page's language (pass the English path). */
  localPath(path: string): string;
  /** A content text in the page's language, and the language it is in (English when it fell back). */
  localized(text: LocalizedText): { text: string; lang: Lang };
  /** A content text as a plain string, for attributes and titles. */
  plain(text: LocalizedText): string;
}

/**
 * A template's `{name}` placeholders filled with elements (links, code, times). Text values
 * join the words around them into one string, so the server-rendered HTML keeps the
 * sentence whole instead of React's `<!-- -->` between adjacent text parts.
 */
export function richMessage(template: string, values: Record<string, ReactNode>): ReactNode[] {
  const parts: ReactNode[] = [];
  for (const piece of template.split(/(\{\w+\})/)) {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    const raw = name !== undefined && name in values ? values[name] : piece;
    const value = typeof raw === 'number' ? String(raw) : raw;
    const last = parts.length - 1;
    if (typeof value === 'string' && typeof parts[last] === 'string') parts[last] += value;
    else if (value !== '') parts.push(value);
  }
  return parts.map((part, index) => <Fragment key={index}>{part}</Fragment>);
}

/**
 * The page's language comes from its address (/fil/… is Filipino); its words from the root
 * loader's data, which carries the Filipino catalogue on Filipino pages, so hydration needs
 * no second fetch. English is the fallback, also when the root loader failed.
 */
export function useI18n(): I18n {
  const { pathname } = useLocation();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const lang = langOfPath(pathname);
  const messages: Messages = (lang === 'fil' && root?.filipino) || en;
  return {
    lang,
    t: (key, values) => formatMessage(messages[key], values),
    rich: (key, values) => richMessage(messages[key], values),
    localPath: (path) => pathInLang(path, lang),
    localized: (text) => localize(text, lang),
    plain: (text) => localize(text, lang).text,
  };
}
