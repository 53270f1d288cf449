import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { wrapTab } from '../focus/wrap-tab.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  className?: string;
  children: ReactNode;
}

/**
 * A native modal <dialog>: the rest of the page is inert while it is open and Escape
 * closes it. On top of that, a click on the overlay closes it, Tab cycles inside it
 * rather than leaving for the browser's toolbar, and focus goes back to whatever opened it.
 */
export function Modal({ open, onClose, labelledBy, className, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  function handleClose() {
    // The close event is queued; if the dialog was opened again before it arrived, it is stale.
    if (dialogRef.current?.open) return;
    returnFocusTo.current?.focus();
    returnFocusTo.current = null;
    onClose();
  }

  /**
   * Closes the dialog and tells the owner at once, not when the queued close event arrives:
   * in between, the owner would still think it open, and a reader quick to open it again
   * (Escape, then Enter on the focused link) would find that its "open" changed nothing.
   */
  function closeNow() {
    dialogRef.current?.close();
    handleClose();
  }

  // The panel fills the dialog box, so a click whose target is the dialog itself landed on the backdrop.
  function closeOnOverlay(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) closeNow();
  }

  function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
    wrapTab(event, Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)));
  }

  return (
    // Keyboard users close it with Escape (its cancel event) or its Close button; the click handler only adds the overlay click.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={labelledBy}
      onCancel={closeNow}
      onClose={handleClose}
      onClick={closeOnOverlay}
      onKeyDown={keepFocusInside}
    >
      <div className="modal-panel">{children}</div>
    </dialog>
  );
}
