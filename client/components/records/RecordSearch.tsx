import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Form, useLocation, useSubmit } from 'react-router-dom';
import { listSearchParams, MAX_SEARCH_LENGTH } from '../../../shared/list-query.ts';

/** How long typing must pause before the list is searched. */
const DEBOUNCE_MS = 300;

function normalise(text: string): string {
  return text.normalize('NFC').trim();
}

/**
 * A GET form, so search works without JavaScript. With JavaScript the list follows the
 * typing: the first search adds a history entry (Back returns to the unsearched list),
 * later keystrokes replace it. Searching always starts again at page 1.
 */
export function RecordSearch({ listTitle, q }: { listTitle: string; q: string }) {
  const id = useId();
  const submit = useSubmit();
  const { pathname } = useLocation();
  const [text, setText] = useState(q);
  const submitted = useRef(q);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Marks the form once instant search is live, so tests (and styles) can tell the enhanced form from the plain one.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.setAttribute('data-enhanced', ''), []);

  // The URL changed by other means (Back, a link): show its search, not the stale typing.
  useEffect(() => {
    if (q !== submitted.current) {
      submitted.current = q;
      setText(q);
    }
  }, [q]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function search(value: string) {
    clearTimeout(timer.current);
    const wanted = normalise(value);
    if (wanted === submitted.current) return;
    const replace = submitted.current !== '' && wanted !== '';
    submitted.current = wanted;
    void submit(listSearchParams({ q: wanted, page: 1 }), {
      method: 'get',
      action: pathname,
      replace,
      preventScrollReset: true,
    });
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const value = event.target.value;
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => search(value), DEBOUNCE_MS);
  }

  return (
    <Form
      method="get"
      action={pathname}
      role="search"
      className="record-search"
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        search(text);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {`Search ${listTitle}`}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        value={text}
        onChange={onChange}
        placeholder="Search..."
        maxLength={MAX_SEARCH_LENGTH}
        autoComplete="off"
        spellCheck={false}
      />
      <button type="submit">Search</button>
    </Form>
  );
}
