import type { HistoryEntry } from '../../../shared/record-detail.ts';
import type { RecordKind } from '../../../shared/record-kinds.ts';
import { ManilaTime } from './ManilaTime.tsx';
import { FieldValue } from './FieldValue.tsx';
import { useI18n } from '../../i18n/useI18n.tsx';
import { useKindText } from '../../i18n/useKindText.ts';

/** Every correction and the withdrawal, oldest first, each with its reason and what it changed. */
export function RecordHistory({ kind, history }: { kind: RecordKind; history: HistoryEntry[] }) {
  const { t } = useI18n();
  const { specLabel } = useKindText(kind);
  if (history.length === 0) return <p>{t('record.neverAmended')}</p>;
  return (
    <ol className="record-history">
      {history.map((entry) => (
        <li key={entry.version}>
          <p>
            <strong>
              {t(entry.action === 'withdrawn' ? 'record.withdrawn' : 'record.amended')}
            </strong>{' '}
            {t('record.on')} <ManilaTime iso={entry.at} />: {entry.reason}
          </p>
          {entry.changes.length > 0 ? (
            <ul className="record-changes">
              {entry.changes.map((change) => {
                const spec = kind.fields.find((field) => field.name === change.field);
                return (
                  <li key={change.field}>
                    <span className="record-change-field">
                      {spec ? specLabel(spec.label) : change.field}:
                    </span>{' '}
                    {spec ? <FieldValue spec={spec} value={change.before} /> : change.before}
                    {' → '}
                    {spec ? <FieldValue spec={spec} value={change.after} /> : change.after}
                  </li>
                );
              })}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
