import { formatMessage } from './format-message.ts';
import type { Lang } from './languages.ts';
import { staffEn, type StaffMessageKey, type StaffMessages } from './staff-messages-en.ts';
import { staffFil } from './staff-messages-fil.ts';

/** A staff text in one language, placeholders filled. */
export type StaffText = (key: StaffMessageKey, values?: Record<string, string | number>) => string;

const CATALOGUES: Record<Lang, StaffMessages> = { en: staffEn, fil: staffFil };

/** The staff catalogue of `lang`. */
export function staffMessages(lang: Lang): StaffMessages {
  return CATALOGUES[lang];
}

/**
 * The staff catalogue's words in `lang`, for code without a page: the shared input checks
 * take one: the API's refusals in English, a staff page's in the page's language (the
 * server cannot import client/i18n/useStaffI18n.ts, which gives pages the same words).
 */
export function staffText(lang: Lang): StaffText {
  const messages = staffMessages(lang);
  return (key, values) => formatMessage(messages[key], values);
}
