/**
 * Tab past the last of `focusable` goes to the first, Shift+Tab before the first to the last:
 * focus stays inside a panel or dialog that covers the page (the menu, the modal). Takes the
 * DOM's or React's keyboard event alike.
 */
export function wrapTab(
  event: { key: string; shiftKey: boolean; preventDefault(): void },
  focusable: readonly HTMLElement[],
): void {
  if (event.key !== 'Tab') return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
