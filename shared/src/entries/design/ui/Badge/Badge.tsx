import type { ReactNode } from 'react';
import '../../../../pure/tokens.css';
import './Badge.css';

export type BadgeTone = 'neutral' | 'primary' | 'accent' | 'success' | 'warning' | 'danger' | 'info';

export interface BadgeProps {
  tone?: BadgeTone;
  /** A small icon before the words (decorative: the words say it). */
  icon?: ReactNode;
  children: ReactNode;
}

/** A short status or fact in a pill ('Covered', 'New', 'Speaks Hindi'); its words carry the meaning, not its colour. */
export function Badge({ tone = 'neutral', icon, children }: BadgeProps) {
  return (
    <span className={`hv-badge hv-badge--${tone}`}>
      {icon && (
        <span className="hv-badge__icon" aria-hidden="true">
          {icon}
        </span>
      )}
      {children}
    </span>
  );
}
