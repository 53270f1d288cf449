import { formatMessage } from '../../shared/i18n/format-message.ts';
import type { Lang } from '../../shared/i18n/languages.ts';
import {
  supplierEn,
  type SupplierMessageKey,
  type SupplierMessages,
} from '../../shared/suppliers/supplier-messages-en.ts';
import { supplierFil } from '../../shared/suppliers/supplier-messages-fil.ts';
import { useI18n } from '../i18n/useI18n.tsx';

const CATALOGUES: Record<Lang, SupplierMessages> = { en: supplierEn, fil: supplierFil };

/**
 * The supplier pages' words in the page's language. Both catalogues are imported here, so
 * they travel in those pages' lazily loaded chunk, never in the first visit's bundle.
 */
export function useSupplierText() {
  const i18n = useI18n();
  const messages = CATALOGUES[i18n.lang];
  return {
    ...i18n,
    st: (key: SupplierMessageKey, values?: Record<string, string | number>) =>
      formatMessage(messages[key], values),
  };
}
