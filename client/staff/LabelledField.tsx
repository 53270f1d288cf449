import type { ReactNode } from 'react';
import { FieldError } from './FieldError.tsx';

/**
 * One labelled field of a staff form with its hint and its problem, wired for screen
 * readers: `children` gets the ids the control's aria-describedby names.
 */
export function LabelledField({
  id,
  label,
  hint,
  problem,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  problem: string | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const describedBy =
    [hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children(describedBy)}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={problem} />
    </div>
  );
}
