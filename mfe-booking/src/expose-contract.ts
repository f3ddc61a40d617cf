// The `./app` expose (tooling/federation.js, REMOTE_EXPOSES) keeps the contract the shell loads it by
// (docs/contracts.md, "Remote exposes"): if lifecycles.tsx stops satisfying it, this file fails the typecheck.
import type { RemoteAppExpose } from '@haven/shared';
import type * as app from './lifecycles';

type Satisfies<T extends RemoteAppExpose> = T;
export type AppExpose = Satisfies<typeof app>;
