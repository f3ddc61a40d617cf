import type { ReactNode } from 'react';
import './Illustration.css';

export interface IllustrationProps {
  /** Drawn at most this wide (px); it shrinks with its container, keeping its shape (the box is reserved: no layout shift). */
  width?: number;
  /** A sentence saying what the picture shows, when it carries meaning; decorative (hidden) without one. */
  title?: string;
  className?: string;
}

/**
 * The frame of the product's illustrations: calm, warm, simple shapes drawn for Haven as inline SVG in the
 * palette's colours (tokens.css steps, written as their values so a picture needs no stylesheet to be right).
 */
export function Illustration({
  viewBox,
  width,
  title,
  className,
  children,
}: IllustrationProps & { viewBox: [number, number]; children: ReactNode }) {
  const [w, h] = viewBox;
  const shown = width ?? w;
  return (
    <svg
      className={['hv-illustration', className].filter(Boolean).join(' ')}
      viewBox={`0 0 ${w} ${h}`}
      width={shown}
      height={Math.round((shown * h) / w)}
      focusable="false"
      {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
    >
      {children}
    </svg>
  );
}
