import type { ButtonHTMLAttributes } from 'react';
import '../tokens.css';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Full width on every screen size (mobile-first forms). */
  block?: boolean;
}

/** The product's button. `type` defaults to "button" so a button inside a form never submits by accident. */
export function Button({ variant = 'primary', block = false, type = 'button', className, ...rest }: ButtonProps) {
  const classes = ['hv-button', `hv-button--${variant}`, block ? 'hv-button--block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <button type={type} className={classes} {...rest} />;
}
