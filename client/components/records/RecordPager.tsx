import { Link } from 'react-router-dom';
import { listSearchParams, type ListQuery } from '../../../shared/list-query.ts';
import { useI18n } from '../../i18n/useI18n.tsx';

/** Same list and filters, another page; page 1 keeps the URL clean. */
function pageTarget(query: ListQuery) {
  const search = listSearchParams(query).toString();
  return { search: search ? `?${search}` : '' };
}

/** Prev, the page number and Next: real links (they work without JavaScript), disabled buttons at the ends. */
export function RecordPager({
  query,
  total,
  pageSize,
}: {
  query: ListQuery;
  total: number;
  pageSize: number;
}) {
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const previous = Math.min(query.page - 1, lastPage);
  const hasNext = query.page < lastPage;
  const { t } = useI18n();
  return (
    <nav className="record-pager" aria-label={t('list.pages')}>
      {previous >= 1 ? (
        <Link
          className="pager-button"
          to={pageTarget({ ...query, page: previous })}
          preventScrollReset
        >
          {t('list.prev')}
        </Link>
      ) : (
        <button type="button" className="pager-button" disabled>
          {t('list.prev')}
        </button>
      )}
      <span className="pager-current" aria-current="page">
        <span className="visually-hidden">{t('list.page')} </span>
        {query.page}
      </span>
      {hasNext ? (
        <Link
          className="pager-button"
          to={pageTarget({ ...query, page: query.page + 1 })}
          preventScrollReset
        >
          {t('list.next')}
        </Link>
      ) : (
        <button type="button" className="pager-button" disabled>
          {t('list.next')}
        </button>
      )}
    </nav>
  );
}
