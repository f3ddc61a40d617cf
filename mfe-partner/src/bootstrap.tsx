import { captureHandoffToken, finishBoot, mountStandalone, provideSignInEntry, reportError, startAuth } from '@haven/shared';
import { App } from './app/App';

// The core's own sign-ins (a code login, a hand-off, one-tap) load the sign-in entry through this.
provideSignInEntry(() => import('@haven/shared/auth-flows'));

// Standalone page: this remote without the shell. A hand-off token leaves the address bar first; then
// the page restores the session itself (the shell does this on the composed site).
captureHandoffToken();
// With sign-in settled its boot is over (appLoaded), as the shell's.
void mountStandalone('mfe-partner', App).then(() =>
  finishBoot([startAuth().catch((error: unknown) => reportError(error, { area: 'auth-start', remote: 'mfe-partner' }))]),
);
