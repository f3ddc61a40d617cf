import { useRef, type ButtonHTMLAttributes, type MouseEvent } from 'react';
import { createClickThrottle } from '../Form/click-throttle';
import '../../../pure/tokens.css';
import './Button.css';

// danger: the act that ends or removes something (cancel a session, delete); danger-ghost: the quiet button that opens it.
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'danger-ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Full width on every screen size (mobile-first forms). */
  block?: boolean;
  /**
   * Drop a click within 500 ms of the last one (product rules, Constants). On by default for submit buttons; an action
   * button outside a form (pay, book, send) turns it on. Toggles (mute, tabs) leave it off: their
   * second click is meant.
   */
  throttleClicks?: boolean;
  /**
   * The act is under way: the button keeps its words and its place, shows a spinner, is announced busy and
   * takes no second press (it stays focusable, so focus is not lost to the page while it works).
   */
  loading?: boolean;
}

/**
 * The product's button. `type` defaults to "button" so a button inside a form never submits by accident.
 * On a submit button a click within 500 ms of the last one is dropped (product rules, Constants), its default too: the
 * form is not submitted again (Enter in a field clicks the submit button, so that path is covered as well).
 */
export function Button({
  variant = 'primary',
  block = false,
  type = 'button',
  throttleClicks = type === 'submit',
  className,
  onClick,
  loading = false,
  children,
  ...rest
}: ButtonProps) {
  const allow = useRef<() => boolean>(null);
  allow.current ??= createClickThrottle();
  const classes = [
    'hv-button',
    `hv-button--${variant}`,
    block ? 'hv-button--block' : '',
    loading ? 'hv-button--loading' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading || (throttleClicks && !allow.current?.())) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button type={type} className={classes} onClick={click} aria-busy={loading || undefined} aria-disabled={loading || undefined} {...rest}>
      {loading && <span className="hv-button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
