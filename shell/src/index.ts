// Async boundary: Module Federation negotiates the shared singletons before any app code runs. The boot
// runs in four tasks (the federation runtime's start, react-dom, the core, the shell's code) while a
// worker loads ICU's date data (each is a long task on a cheap phone).
import { bootInStages, warmIntlOffMainThread } from '@haven/shared/boot';

warmIntlOffMainThread();
void bootInStages([() => import('react-dom/client'), () => import('@haven/shared'), () => import('./bootstrap')]);
