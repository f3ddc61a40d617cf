// Async boundary: Module Federation negotiates the shared singletons before any app code runs. A remote's
// standalone page (the session room's is what app webviews load) boots like the shell's: in stages, with
// ICU's date data loaded on a worker (@haven/shared/boot).
import { bootInStages, warmIntlOffMainThread } from '@haven/shared/boot';

warmIntlOffMainThread();
void bootInStages([() => import('react-dom/client'), () => import('@haven/shared'), () => import('./bootstrap')]);
