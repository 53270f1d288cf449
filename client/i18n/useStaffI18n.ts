import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { langOfPath, pathInLang, type Lang } from '../../shared/i18n/languages.ts';
import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import { staffMessages, staffText } from '../../shared/i18n/staff-text.ts';
import { richMessage } from './useI18n.tsx';

export interface StaffI18n {
  lang: Lang;
  /** The staff page's text for `key` in the page's language, placeholders filled. */
  t(key: StaffMessageKey, values?: Record<string, string | number>): string;
  /** The same with elements (links, code, times) in its placeholders. */
  rich(key: StaffMessageKey, values: Record<string, ReactNode>): ReactNode[];
  /** A page's address in the page's language (pass the English path). */
  localPath(path: string): string;
}

/**
 * The staff pages' words. Both languages are imported here, so they travel in the staff
 * pages' lazily loaded chunks (never in a public page's bundle or hydration data) and a
 * staff page hydrates without fetching them. The frame around a staff page (menu, footer)
 * keeps using `useI18n`.
 */
export function useStaffI18n(): StaffI18n {
  const lang = langOfPath(useLocation().pathname);
  return staffI18n(lang);
}

/** The same outside a component: page actions and loaders pass the request's language. */
export function staffI18n(lang: Lang): StaffI18n {
  return {
    lang,
    t: staffText(lang),
    rich: (key, values) => richMessage(staffMessages(lang)[key], values),
    localPath: (path) => pathInLang(path, lang),
  };
}
