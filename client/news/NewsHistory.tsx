import type { MessageKey } from '../../shared/i18n/messages-en.ts';
import { formatNewsDate, type NewsChange, type NewsHistoryEntry } from '../../shared/news/news.ts';
import { useI18n } from '../i18n/useI18n.tsx';
import { ChangeHistory } from '../components/history/ChangeHistory.tsx';

/** Each field's name in the history, in the page's language. */
const NEWS_FIELD_KEYS: Record<NewsChange['field'], MessageKey> = {
  title: 'news.field.title',
  date: 'news.field.date',
  summary: 'news.field.summary',
  text: 'news.field.text',
  picture: 'news.field.picture',
  alt: 'news.field.alt',
};

/** How a changed value reads: dates spelt out; the picture and long texts say only that they changed. */
function Change({ field }: { field: NewsChange }) {
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

/** A news item's history, read like a record's. */
export function NewsHistory({ history }: { history: NewsHistoryEntry[] }) {
  const { t } = useI18n();
  return (
    <ChangeHistory
      history={history}
      neverAmended={t('news.neverAmended')}
      renderChange={(change) => <Change field={change} />}
    />
  );
}
