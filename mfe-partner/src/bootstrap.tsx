import { captureHandoffToken, mountStandalone, reportError, startAuth } from '@haven/shared';
import { App } from './app/App';

// Standalone page: this remote without the shell. A hand-off token leaves the address bar first; then
// the page restores the session itself (the shell does this on the composed site).
captureHandoffToken();
void mountStandalone('mfe-partner', App).then(() =>
  startAuth().catch((error: unknown) => reportError(error, { area: 'auth-start', remote: 'mfe-partner' })),
);
