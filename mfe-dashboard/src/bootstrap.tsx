import { mountStandalone, reportError, startAuth } from '@haven/shared';
import { App } from './app/App';

// Standalone page: this remote without the shell. Its routes are signed-in pages, so it restores the
// session itself (the shell does this on the composed site); without it the page would wait forever.
void mountStandalone('mfe-dashboard', App).then(() =>
  startAuth().catch((error: unknown) => reportError(error, { area: 'auth-start', remote: 'mfe-dashboard' })),
);
