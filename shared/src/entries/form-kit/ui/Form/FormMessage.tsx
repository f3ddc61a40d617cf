import { useEffect, useRef } from 'react';
import '../../../../pure/tokens.css';
import './FormMessage.css';

export type FormMessageValue = { tone: 'error' | 'success'; text: string };

/**
 * The ONE form-level message: an error (role alert, focused so keyboard and screen-reader
 * users land on it) or a confirmation (polite status) — never both. Place it after the submit button,
 * so a message appearing never moves the button a second click aims at.
 */
export function FormMessage({
  message,
  children,
  id,
}: {
  message: FormMessageValue | null;
  children?: React.ReactNode;
  /** The message's id, for a field the error is about to name in its aria-describedby. */
  id?: string;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  return (
    <div className="hv-form-message" role={message?.tone === 'error' ? undefined : 'status'}>
      {message ? (
        <div>
          <p
            id={id}
            ref={ref}
            className={`hv-form-message__text hv-form-message__text--${message.tone}`}
            role={message.tone === 'error' ? 'alert' : undefined}
            tabIndex={-1}
          >
            {message.text}
          </p>
          {children}
        </div>
      ) : null}
    </div>
  );
}
