import { useEffect, useRef } from 'react';
import './auth-forms.css';

/**
 * A form-level error (the server's answer): announced (role="alert") and focused when it appears, so a
 * keyboard or screen-reader user lands on it; the fields keep what was typed.
 */
export function FormAlert({ message, children }: { message: string | null | undefined; children?: React.ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <div>
      <p ref={ref} className="hv-auth__alert" role="alert" tabIndex={-1}>
        {message}
      </p>
      {children}
    </div>
  );
}

/** A success message, announced politely. */
export function FormStatus({ message }: { message: string | null | undefined }) {
  return (
    <div role="status" aria-live="polite">
      {message ? <p className="hv-auth__status">{message}</p> : null}
    </div>
  );
}
