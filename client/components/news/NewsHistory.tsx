import type { MessageKey } from '../../../shared/i18n/messages-en.ts';
import { formatNewsDate, type NewsHistoryEntry } from '../../../shared/news.ts';
import { useI18n } from '../../i18n/useI18n.tsx';

/** Each field's name in the history, in the page's language. */
const NEWS_FIELD_KEYS: Record<NewsHistoryEntry['changes'][number]['field'], MessageKey> = {
  title: 'news.field.title',
  date: 'news.field.date',
  summary: 'news.field.summary',
  text: 'news.field.text',
  picture: 'news.field.picture',
  alt: 'news.field.alt',
};
import { ManilaTime } from '../records/ManilaTime.tsx';

/** How a changed value reads: dates spelt out; the picture and long texts say only that they changed. */
function Change({ field }: { field: NewsHistoryEntry['changes'][number] }) {
  const { t, lang } = useI18n();
  const label = t(NEWS_FIELD_KEYS[field.field]);
  if (field.field === 'picture')
    return (
      <>
        {label}: {t('news.replaced')}
      </>
    );
  if (field.field === 'text') {
    return (
      <details>
        <summary>
          {label}: {t('news.rewritten')}
        </summary>
        <pre className="news-earlier-text">{field.before}</pre>
      </details>
    );
  }
  const shown = (value: string) => (field.field === 'date' ? formatNewsDate(value, lang) : value);
  return (
    <>
      <span className="record-change-field">{label}:</span> {shown(field.before)} →{' '}
      {shown(field.after)}
    </>
  );
}

/** Every correction and the withdrawal, oldest first, each with its reason, like a record's history. */
export function NewsHistory({ history }: { history: NewsHistoryEntry[] }) {
  const { t } = useI18n();
  if (history.length === 0) return <p>{t('news.neverAmended')}</p>;
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
              {entry.changes.map((item) => (
                <li key={item.field}>
                  <Change field={item} />
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
