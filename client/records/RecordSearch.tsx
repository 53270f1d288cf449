import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Form, useLocation, useSubmit } from 'react-router-dom';
import {
  listSearchParams,
  MAX_SEARCH_LENGTH,
  parseListQuery,
  type ListQuery,
} from '../../shared/records/list-query.ts';
import { useI18n } from '../i18n/useI18n.tsx';

/** How long typing must pause before the list is searched. */
const DEBOUNCE_MS = 300;

interface Filters {
  q: string;
  from: string;
  to: string;
}

function filtersOf(query: ListQuery): Filters {
  return { q: query.q, from: query.from ?? '', to: query.to ?? '' };
}

/** The URL a set of filters asks for, at page 1; the same text for the same search. */
function searchOf(filters: Filters): string {
  const { q, from, to } = filters;
  return listSearchParams({
    q: q.normalize('NFC').trim(),
    page: 1,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  }).toString();
}

interface DateFieldProps {
  id: string;
  label: string;
  name: 'from' | 'to';
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** The two ends of the Posted from / to range, in form order. */
const DATE_ENDS = [
  { name: 'from', label: 'list.postedFrom' },
  { name: 'to', label: 'list.postedTo' },
] as const;

/** One end of the Posted from / to range: a labelled date input. */
function DateField({ id, label, name, value, onChange }: DateFieldProps) {
  return (
    <span className="record-search-date">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="date" name={name} value={value} onChange={onChange} />
    </span>
  );
}

/**
 * A GET form (search text and the Posted from / to dates, which a list without posting
 * dates, such as the suppliers, leaves out), so it works without JavaScript.
 * With JavaScript the list follows the typing: the first search adds a history entry (Back
 * returns to the unfiltered list), later changes replace it. Filtering always starts again
 * at page 1. A half-typed date is not sent until it is a date; pressing Search sends
 * whatever is there, so the server can say what is wrong with it.
 */
export function RecordSearch({
  listTitle,
  query,
  dates = true,
}: {
  listTitle: string;
  query: ListQuery;
  dates?: boolean;
}) {
  const id = useId();
  const submit = useSubmit();
  const { pathname } = useLocation();
  const { t } = useI18n();
  const current = filtersOf(query);
  const [filters, setFilters] = useState(current);
  const currentSearch = searchOf(current);
  const submitted = useRef(currentSearch);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Marks the form once instant search is live, so tests (and styles) can tell the enhanced form from the plain one.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.setAttribute('data-enhanced', ''), []);

  // The URL changed by other means (Back, a link): show its filters, not the stale typing.
  useEffect(() => {
    if (currentSearch !== submitted.current) {
      submitted.current = currentSearch;
      setFilters(filtersOf(query));
    }
  }, [currentSearch, query]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function search(wanted: Filters, always: boolean) {
    clearTimeout(timer.current);
    const target = searchOf(wanted);
    if (target === submitted.current) return;
    if (!always && !parseListQuery(wanted).ok) return;
    const replace = submitted.current !== '' && target !== '';
    submitted.current = target;
    void submit(new URLSearchParams(target), {
      method: 'get',
      action: pathname,
      replace,
      preventScrollReset: true,
    });
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const next = { ...filters, [event.target.name]: event.target.value };
    setFilters(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => search(next, false), DEBOUNCE_MS);
  }

  return (
    <Form
      method="get"
      action={pathname}
      role="search"
      aria-label={t('list.search', { title: listTitle })}
      className="record-search"
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        search(filters, true);
      }}
    >
      <div className="record-search-text">
        <label htmlFor={`${id}-q`} className="visually-hidden">
          {t('list.search', { title: listTitle })}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          value={filters.q}
          onChange={onChange}
          placeholder={t('list.searchPlaceholder')}
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit">{t('list.searchButton')}</button>
      </div>
      {dates ? (
        <div className="record-search-dates">
          {DATE_ENDS.map(({ name, label }) => (
            <DateField
              key={name}
              id={`${id}-${name}`}
              label={t(label)}
              name={name}
              value={filters[name]}
              onChange={onChange}
            />
          ))}
        </div>
      ) : null}
    </Form>
  );
}
