// A remote's own page (standalone, e.g. the session room app webviews load) has no shell to provide the
// federation runtime its entries are built without (experiments.externalRuntime): this file does, and
// the page template loads it before main.js. In the shell-composed page it is never loaded.
import * as runtimeCore from '@module-federation/runtime-core';

if (!globalThis._FEDERATION_RUNTIME_CORE) globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
