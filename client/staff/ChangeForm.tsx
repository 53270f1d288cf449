import type { ReactNode } from 'react';
import { Form, Link } from 'react-router-dom';
import { ReasonField } from './ReasonField.tsx';

/**
 * The staff pages' one form for writing or changing an item: a record's edit or withdrawal,
 * a news item's correction or withdrawal, an advisory's correction or early end, a first
 * posting. A real form post to the page's action with the CSRF token first, so it works
 * without JavaScript; the hidden fields name the item (and the version a correction was
 * opened at, so a change made meanwhile is refused rather than overwritten); the reason box
 * when the change asks one; the submit button and the way back. Each page keeps its words
 * and its fields (children); the markup and its order are the same everywhere.
 */
export function ChangeForm({
  csrfToken,
  hidden = {},
  noValidate = false,
  children,
  reason,
  submit,
  cancel,
  inRow = true,
}: {
  csrfToken: string;
  /** Hidden fields after the token, in this order (the intent, the item, its version). */
  hidden?: Record<string, string | number>;
  /** The browser's own checks off, where the page's words say what is wrong instead. */
  noValidate?: boolean;
  /** The item's own fields, before the reason. */
  children?: ReactNode;
  reason?: Parameters<typeof ReasonField>[0];
  submit: {
    label: string;
    /** Sent as the button's `intent` when the form itself does not carry one. */
    intent?: string;
    /** While the form is being sent, so it is not sent twice. */
    busy?: boolean;
  };
  /** A link back to the page without the form open. */
  cancel?: { to: string; label: string };
  /** The buttons in a `button-row` (every page but the advisories'). */
  inRow?: boolean;
}) {
  const button = (
    <button
      type="submit"
      name={submit.intent === undefined ? undefined : 'intent'}
      value={submit.intent}
      className="button button-primary"
      disabled={submit.busy}
    >
      {submit.label}
    </button>
  );
  return (
    <Form method="post" className="staff-form" noValidate={noValidate}>
      <input type="hidden" name="_csrf" value={csrfToken} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      {reason ? <ReasonField {...reason} /> : null}
      {inRow ? (
        <div className="button-row">
          {button}
          {cancel ? (
            <Link to={cancel.to} className="button button-secondary">
              {cancel.label}
            </Link>
          ) : null}
        </div>
      ) : (
        button
      )}
    </Form>
  );
}
