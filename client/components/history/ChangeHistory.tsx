import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/useI18n.tsx';
import { ManilaTime } from '../time/ManilaTime.tsx';

/**
 * One step in an item's life as a sentence: "<strong>Withdrawn</strong> on {time}: {reason}".
 * The words come as one template, so the server-rendered text has no React text separators
 * inside it and Filipino can order it as it needs.
 */
export function HistoryStep({
  action,
  at,
  reason,
}: {
  /** The step's name in the page's language (Amended, Withdrawn, Ended early). */
  action: string;
  at: string;
  /** Why; a step without one (a first posting) reads "Posted on {time}". */
  reason?: string | null;
}) {
  const { rich } = useI18n();
  const values = { action: <strong>{action}</strong>, time: <ManilaTime iso={at} /> };
  return reason
    ? rich('history.step', { ...values, reason })
    : rich('history.stepWithoutReason', values);
}

/** What every public history entry has: records, news and advisories share this shape. */
export interface ChangeHistoryEntry<Change extends { field: string }> {
  version: number;
  at: string;
  action: 'amended' | 'withdrawn';
  reason: string;
  changes: Change[];
}

/**
 * Every correction and the withdrawal, oldest first, each with its reason and the list of
 * what it changed; `renderChange` says how one changed field reads for this kind of item.
 */
export function ChangeHistory<Change extends { field: string }>({
  history,
  neverAmended,
  renderChange,
}: {
  history: ChangeHistoryEntry<Change>[];
  /** The sentence shown when nothing was ever corrected. */
  neverAmended: string;
  renderChange: (change: Change) => ReactNode;
}) {
  const { t } = useI18n();
  if (history.length === 0) return <p>{neverAmended}</p>;
  return (
    <ol className="record-history">
      {history.map((entry) => (
        <li key={entry.version}>
          <p>
            <HistoryStep
              action={t(entry.action === 'withdrawn' ? 'record.withdrawn' : 'record.amended')}
              at={entry.at}
              reason={entry.reason}
            />
          </p>
          {entry.changes.length > 0 ? (
            <ul className="record-changes">
              {entry.changes.map((change) => (
                <li key={change.field}>{renderChange(change)}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
