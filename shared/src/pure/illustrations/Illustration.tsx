import './Illustration.css';

export interface IllustrationProps {
  /** Drawn at most this wide (px); it shrinks with its container, keeping its shape (the box is reserved: no layout shift). */
  width?: number;
  /** A sentence saying what the picture shows, when it carries meaning; decorative (empty alt) without one. */
  title?: string;
  className?: string;
}

/**
 * The frame of the product's illustrations: calm, warm, simple shapes drawn for Haven in the palette's colours
 * (tokens.css steps, written as their values), each an SVG file of this folder. As an image of the page's own
 * origin (never fetched from elsewhere) a picture costs the scripts nothing, is cached once for every page,
 * and below the fold waits until it is scrolled near.
 */
export function Illustration({
  src,
  viewBox: [w, h],
  width,
  title,
  className,
}: IllustrationProps & { src: string; viewBox: [number, number] }) {
  const shown = width ?? w;
  return (
    <img
      className={['hv-illustration', className].filter(Boolean).join(' ')}
      src={src}
      width={shown}
      height={Math.round((shown * h) / w)}
      alt={title ?? ''}
      loading="lazy"
      decoding="async"
    />
  );
}
