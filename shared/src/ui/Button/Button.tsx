import { useRef, type ButtonHTMLAttributes, type MouseEvent } from 'react';
import { createClickThrottle } from '../Form/click-throttle';
import '../tokens.css';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Full width on every screen size (mobile-first forms). */
  block?: boolean;
}

/**
 * The product's button. `type` defaults to "button" so a button inside a form never submits by accident.
 * A click within 500 ms of the last one is dropped (spec §9), its default too: a submit button then does
 * not submit its form again (Enter in a field clicks the submit button, so that path is covered as well).
 */
export function Button({ variant = 'primary', block = false, type = 'button', className, onClick, ...rest }: ButtonProps) {
  const allow = useRef<() => boolean>(null);
  allow.current ??= createClickThrottle();
  const classes = ['hv-button', `hv-button--${variant}`, block ? 'hv-button--block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (!allow.current?.()) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return <button type={type} className={classes} onClick={click} {...rest} />;
}
