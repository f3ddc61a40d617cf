import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A route's page as a lazy component that can also start downloading before it renders. */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * `lazy` for a page exported by name, plus `preload` (the same import: the module is fetched once). A
 * signed-in page passes `preload` to RequireSignIn, which starts it while the session is being confirmed.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K): LazyPage {
  return Object.assign(
    lazy(() => load().then((module) => ({ default: module[name] }))),
    { preload: load },
  );
}
