import { NEWS_FIELD_LABELS, formatNewsDate, type NewsHistoryEntry } from '../../../shared/news.ts';
import { ManilaTime } from '../records/ManilaTime.tsx';

/** How a changed value reads: dates spelt out; the picture and long texts say only that they changed. */
function change(field: NewsHistoryEntry['changes'][number]) {
  const label = NEWS_FIELD_LABELS[field.field];
  if (field.field === 'picture') return <>{label}: replaced</>;
  if (field.field === 'text') {
    return (
      <details>
        <summary>{label}: rewritten (show the earlier text)</summary>
        <pre className="news-earlier-text">{field.before}</pre>
      </details>
    );
  }
  const shown = (value: string) => (field.field === 'date' ? formatNewsDate(value) : value);
  return (
    <>
      <span className="record-change-field">{label}:</span> {shown(field.before)} →{' '}
      {shown(field.after)}
    </>
  );
}

/** Every correction and the withdrawal, oldest first, each with its reason, like a record's history. */
export function NewsHistory({ history }: { history: NewsHistoryEntry[] }) {
  if (history.length === 0) return <p>This item has not been amended since it was posted.</p>;
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
              {entry.changes.map((item) => (
                <li key={item.field}>{change(item)}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
