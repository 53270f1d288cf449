import type { HistoryEntry } from '../../shared/records/record-detail.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { FieldValue } from './FieldValue.tsx';
import { useI18n } from '../i18n/useI18n.tsx';
import { useKindText } from '../i18n/useKindText.ts';
import { ChangeHistory } from '../components/history/ChangeHistory.tsx';

/** A record's history; each changed field reads as its kind shows it (money, dates, links). */
export function RecordHistory({ kind, history }: { kind: RecordKind; history: HistoryEntry[] }) {
  const { t } = useI18n();
  const { specLabel } = useKindText(kind);
  return (
    <ChangeHistory
      history={history}
      neverAmended={t('record.neverAmended')}
      renderChange={(change) => {
        const spec = kind.fields.find((field) => field.name === change.field);
        return (
          <>
            <span className="record-change-field">
              {spec ? specLabel(spec.label) : change.field}:
            </span>{' '}
            {spec ? <FieldValue spec={spec} value={change.before} /> : change.before}
            {' → '}
            {spec ? <FieldValue spec={spec} value={change.after} /> : change.after}
          </>
        );
      }}
    />
  );
}
