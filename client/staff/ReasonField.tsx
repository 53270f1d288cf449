import { MAX_REASON_LENGTH } from '../../shared/records/record-validation.ts';
import { FieldError } from './FieldError.tsx';

/**
 * The reason staff give for a correction, a withdrawal, an early end or a deletion: a
 * required box of at most MAX_REASON_LENGTH characters (the services check it again) under
 * its label and hint, which it names, with its error.
 */
export function ReasonField({
  id,
  label,
  hint,
  value,
  error,
  rows = 3,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  rows?: number;
}) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <p className="field-hint" id={`${id}-hint`}>
        {hint}
      </p>
      <textarea
        id={id}
        name="reason"
        rows={rows}
        required
        maxLength={MAX_REASON_LENGTH}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}
