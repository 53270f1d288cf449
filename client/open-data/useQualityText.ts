import { formatMessage } from '../../shared/i18n/format-message.ts';
import type { Lang } from '../../shared/i18n/languages.ts';
import {
  qualityEn,
  type QualityMessageKey,
  type QualityMessages,
} from '../../shared/open-data/quality-messages-en.ts';
import { qualityFil } from '../../shared/open-data/quality-messages-fil.ts';
import type { ReactNode } from 'react';
import { richMessage, useI18n } from '../i18n/useI18n.tsx';

const CATALOGUES: Record<Lang, QualityMessages> = { en: qualityEn, fil: qualityFil };

/**
 * The OCDS quality page's words in the page's language. Both catalogues are imported here,
 * so they travel in that page's lazily loaded chunk, never in the first visit's bundle.
 */
export function useQualityText() {
  const i18n = useI18n();
  const messages = CATALOGUES[i18n.lang];
  return {
    ...i18n,
    qt: (key: QualityMessageKey, values?: Record<string, string | number>) =>
      formatMessage(messages[key], values),
    /** A message with elements (a date, code) in its placeholders. */
    qrich: (key: QualityMessageKey, values: Record<string, ReactNode>) =>
      richMessage(messages[key], values),
  };
}
