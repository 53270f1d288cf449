import { Link } from 'react-router-dom';
import { listSearchParams, type ListQuery } from '../../../shared/list-query.ts';

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
  return (
    <nav className="record-pager" aria-label="Pages">
      {previous >= 1 ? (
        <Link
          className="pager-button"
          to={pageTarget({ ...query, page: previous })}
          preventScrollReset
        >
          Prev
        </Link>
      ) : (
        <button type="button" className="pager-button" disabled>
          Prev
        </button>
      )}
      <span className="pager-current" aria-current="page">
        <span className="visually-hidden">Page </span>
        {query.page}
      </span>
      {hasNext ? (
        <Link
          className="pager-button"
          to={pageTarget({ ...query, page: query.page + 1 })}
          preventScrollReset
        >
          Next
        </Link>
      ) : (
        <button type="button" className="pager-button" disabled>
          Next
        </button>
      )}
    </nav>
  );
}
