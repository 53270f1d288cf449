import { pesosFromDecimal } from '../../shared/money.ts';
import type { FieldSpec } from '../../shared/record-kinds.ts';
import { isRecordLink } from '../../shared/records/record-validation.ts';
import { ManilaTime } from '../components/time/ManilaTime.tsx';
import { useI18n } from '../i18n/useI18n.tsx';
import { InLang } from '../components/content/InLang.tsx';

/** One stored field value as a resident reads it: pesos, Manila time, a live link only for a web address or a hosted document. */
export function FieldValue({ spec, value }: { spec: FieldSpec; value: string | null | undefined }) {
  const { t } = useI18n();
  if (value === null || value === undefined || value === '') {
    return <span className="record-value-empty">{t('record.notGiven')}</span>;
  }
  switch (spec.type) {
    case 'money':
      return <>{pesosFromDecimal(value)}</>;
    case 'datetime':
      return <ManilaTime iso={value} />;
    case 'link':
      // Rows written straight into the database skip validation: link only a web address or a hosted document.
      return isRecordLink(value) ? <a href={value}>{value}</a> : <>{value}</>;
    default:
      // Typed by the committee in English or Filipino, whatever the page's language.
      return <InLang text={value} />;
  }
}
