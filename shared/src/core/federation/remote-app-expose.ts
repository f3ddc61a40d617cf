import type { LifeCycles } from 'single-spa';

/**
 * The contract of every remote's `./app` expose (docs/contracts.md, "Remote exposes"): the single-spa
 * lifecycles the shell mounts on the remote's routes. Each remote checks its expose against this type
 * (`src/expose-contract.ts`) and the shell loads the expose as this type, so a breaking change of either
 * side fails the typecheck. Changing it is a major of @haven/shared.
 */
export interface RemoteAppExpose {
  bootstrap: LifeCycles['bootstrap'];
  mount: LifeCycles['mount'];
  unmount: LifeCycles['unmount'];
}
