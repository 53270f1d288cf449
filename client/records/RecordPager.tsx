import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { listSearchParams, type ListQuery } from '../../shared/records/list-query.ts';
import { useI18n } from '../i18n/useI18n.tsx';

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
  // Next pressed on the second-to-last page becomes a disabled button there, taking the
  // focus with it to the page's body; it goes to the pager's other link instead.
  const pager = useRef<HTMLElement>(null);
  const used = useRef(false);
  useEffect(() => {
    if (!used.current) return;
    used.current = false;
    if (document.activeElement === document.body || !document.activeElement) {
      pager.current?.querySelector('a')?.focus();
    }
  }, [query.page]);
  const markUsed = () => {
    used.current = true;
  };
  return (
    <nav className="record-pager" aria-label={t('list.pages')} ref={pager}>
      {previous >= 1 ? (
        <Link
          className="pager-button"
          to={pageTarget({ ...query, page: previous })}
          preventScrollReset
          onClick={markUsed}
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
          onClick={markUsed}
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
