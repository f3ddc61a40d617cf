// The platform's modal dialog (first built in mfe-dashboard; shared so every remote uses one), on the
// native <dialog>: showModal() makes the rest of the page inert (focus is
// trapped), focus moves into the dialog, Escape closes it when dismissal is allowed, and focus goes
// back to the element that had it when the dialog opened.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import './Dialog.css';

export interface DialogProps {
  title: string;
  children: ReactNode;
  /** Called when the patient dismisses the dialog (Escape, close button). Omit for dialogs that must be answered. */
  onDismiss?: () => void;
  /** The optional description read with the title. */
  description?: ReactNode;
}

export function Dialog({ title, children, onDismiss, description }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      // The opener may have been re-rendered away; then focus stays where the browser puts it.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="hv-dialog"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: close only where dismissal is allowed; React then unmounts the dialog.
        event.preventDefault();
        onDismiss?.();
      }}
    >
      <div className="hv-dialog__header">
        <h2 id={titleId} className="hv-dialog__title">
          {title}
        </h2>
        {onDismiss ? (
          <button type="button" className="hv-dialog__close" aria-label="Close" onClick={onDismiss}>
            ×
          </button>
        ) : null}
      </div>
      {description ? (
        <p id={descriptionId} className="hv-dialog__description">
          {description}
        </p>
      ) : null}
      {children}
    </dialog>
  );
}
