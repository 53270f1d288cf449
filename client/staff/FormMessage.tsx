import type { ReactNode, Ref } from 'react';

/**
 * The inline replacement for the original's alert() pop-ups. The live region is always in
 * the page so screen readers announce a message when it appears. A page may move focus to
 * it (`ref`, tabIndex -1) so a message above the screen is scrolled into view and read.
 */
export function FormMessage({
  message,
  tone,
  ref,
}: {
  /** Text, or text with a link in it (the record just added). */
  message: ReactNode;
  tone: 'error' | 'success';
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      className={message ? `form-message form-message-${tone}` : 'form-message'}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={`form-message-${tone}`}
      ref={ref}
      tabIndex={message ? -1 : undefined}
    >
      {message}
    </div>
  );
}

/**
 * An error summary's entries: each problem a link to its field, so a reader goes straight
 * from the summary to what needs fixing.
 */
export function ErrorLinks({
  problems,
}: {
  problems: readonly { fieldId: string; text: string }[];
}) {
  if (problems.length === 0) return null;
  return (
    <ul className="error-links">
      {problems.map(({ fieldId, text }) => (
        <li key={fieldId}>
          <a href={`#${fieldId}`}>{text}</a>
        </li>
      ))}
    </ul>
  );
}
