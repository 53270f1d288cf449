import type { HistoryEntry } from '../../../shared/record-detail.ts';
import type { RecordKind } from '../../../shared/record-kinds.ts';
import { ManilaTime } from './ManilaTime.tsx';
import { FieldValue } from './FieldValue.tsx';

/** Every correction and the withdrawal, oldest first, each with its reason and what it changed. */
export function RecordHistory({ kind, history }: { kind: RecordKind; history: HistoryEntry[] }) {
  if (history.length === 0) return <p>This record has not been amended since it was posted.</p>;
  return (
    <ol className="record-history">
      {history.map((entry) => (
        <li key={entry.version}>
          <p>
            <strong>{entry.action === 'withdrawn' ? 'Withdrawn' : 'Amended'}</strong> on{' '}
            <ManilaTime iso={entry.at} />: {entry.reason}
          </p>
          {entry.changes.length > 0 ? (
            <ul className="record-changes">
              {entry.changes.map((change) => {
                const spec = kind.fields.find((field) => field.name === change.field);
                return (
                  <li key={change.field}>
                    <span className="record-change-field">{spec?.label ?? change.field}:</span>{' '}
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
