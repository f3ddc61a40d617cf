import type { HTMLAttributes, ReactNode } from 'react';
import '../../../../pure/tokens.css';
import './Card.css';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** section (with a heading inside), article (a thing in a list), or div. */
  as?: 'section' | 'article' | 'div' | 'li';
  /** outlined: a line on the page; elevated: a soft shadow; tinted: a warm fill for something to notice. */
  variant?: 'outlined' | 'elevated' | 'tinted';
  /** A card whose whole face is one link or button (put `hv-card__action` on it): hover and pressed lift it. */
  interactive?: boolean;
  children: ReactNode;
}

/** A surface that groups one thing: a session, a provider, a tool. */
export function Card({ as: Tag = 'div', variant = 'outlined', interactive = false, className, children, ...rest }: CardProps) {
  const classes = ['hv-card', `hv-card--${variant}`, interactive ? 'hv-card--interactive' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <Tag className={classes} {...rest}>
      {children}
    </Tag>
  );
}
