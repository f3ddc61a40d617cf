import type { LifeCycles } from 'single-spa';
import { NotFoundPage, createPageLifecycles } from '@haven/shared';

/** Paths no remote owns get a real page, not an empty screen. */
export const notFoundApp: LifeCycles = createPageLifecycles(function ShellNotFound() {
  return <NotFoundPage app="shell" />;
});
