import type { ReactNode } from 'react';
import { FieldError } from './FieldError.tsx';

/**
 * The staff pages' one password field: label, optional hint and error, and the autocomplete
 * a password manager needs (`current-password` to sign in, `new-password` to choose one, so
 * it offers a strong one). Paste stays allowed (WCAG 3.3.8). The error's and hint's ids are
 * the field's id with `-error` / the given hint id, as the pages' error summaries link them.
 */
export function PasswordField({
  id,
  name = id,
  label,
  purpose,
  hint,
  hintId = `${id}-hint`,
  error,
  invalid = false,
}: {
  id: string;
  name?: string;
  label: ReactNode;
  purpose: 'sign-in' | 'new';
  hint?: ReactNode;
  hintId?: string;
  /** The field's problem in words, shown under it. */
  error?: string | undefined;
  /** Marked invalid without words of its own (the page's message says why). */
  invalid?: boolean;
}) {
  const describedBy = [hint ? hintId : undefined, error ? `${id}-error` : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type="password"
        autoComplete={purpose === 'sign-in' ? 'current-password' : 'new-password'}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}
