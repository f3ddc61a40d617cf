import { lazy, Suspense, type ComponentType } from 'react';
import type { IllustrationProps } from './Illustration';
import './Illustration.css';

/**
 * An illustration fetched with the screen that shows it, not with every page: for pictures of rare screens
 * (the error screen, empty lists) drawn by code every page carries. Until it arrives its box is kept
 * (the same width and shape), so nothing moves when it appears.
 */
export function lazyIllustration(load: () => Promise<ComponentType<IllustrationProps>>, [w, h]: [number, number]) {
  const Picture = lazy(async () => ({ default: await load() }));
  return function LazyIllustration(props: IllustrationProps) {
    const width = props.width ?? w;
    const box = (
      <span
        className={['hv-illustration', props.className].filter(Boolean).join(' ')}
        style={{ width, aspectRatio: `${w} / ${h}` }}
        aria-hidden="true"
      />
    );
    return (
      <Suspense fallback={box}>
        <Picture {...props} />
      </Suspense>
    );
  };
}
