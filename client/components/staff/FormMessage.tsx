import type { ReactNode } from 'react';

/**
 * The inline replacement for the original's alert() pop-ups. The live region is always in
 * the page so screen readers announce a message when it appears.
 */
export function FormMessage({
  message,
  tone,
}: {
  /** Text, or text with a link in it (the record just added). */
  message: ReactNode;
  tone: 'error' | 'success';
}) {
  return (
    <div
      className={message ? `form-message form-message-${tone}` : 'form-message'}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={`form-message-${tone}`}
    >
      {message}
    </div>
  );
}
