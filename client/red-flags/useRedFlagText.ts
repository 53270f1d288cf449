import { formatMessage } from '../../shared/i18n/format-message.ts';
import type { Lang } from '../../shared/i18n/languages.ts';
import {
  redFlagEn,
  type RedFlagMessageKey,
  type RedFlagMessages,
} from '../../shared/red-flags/red-flag-messages-en.ts';
import { redFlagFil } from '../../shared/red-flags/red-flag-messages-fil.ts';
import { useI18n } from '../i18n/useI18n.tsx';

const CATALOGUES: Record<Lang, RedFlagMessages> = { en: redFlagEn, fil: redFlagFil };

/**
 * The red flags' pages' words in the page's language. Both catalogues are imported here, so
 * they travel in those pages' lazily loaded chunks, never in the first visit's bundle.
 */
export function useRedFlagText() {
  const i18n = useI18n();
  const messages = CATALOGUES[i18n.lang];
  return {
    ...i18n,
    ft: (key: RedFlagMessageKey, values?: Record<string, string | number>) =>
      formatMessage(messages[key], values),
  };
}
