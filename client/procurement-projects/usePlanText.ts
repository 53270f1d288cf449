import { formatMessage } from '../../shared/i18n/format-message.ts';
import type { Lang } from '../../shared/i18n/languages.ts';
import {
  planEn,
  type PlanMessageKey,
  type PlanMessages,
} from '../../shared/procurement-projects/plan-messages-en.ts';
import { planFil } from '../../shared/procurement-projects/plan-messages-fil.ts';
import { useI18n } from '../i18n/useI18n.tsx';

const CATALOGUES: Record<Lang, PlanMessages> = { en: planEn, fil: planFil };

/**
 * The plan pages' words in the page's language. Both catalogues are imported here, so they
 * travel in those pages' lazily loaded chunks, never in the first visit's bundle.
 */
export function usePlanText() {
  const i18n = useI18n();
  const messages = CATALOGUES[i18n.lang];
  return {
    ...i18n,
    pt: (key: PlanMessageKey, values?: Record<string, string | number>) =>
      formatMessage(messages[key], values),
  };
}
