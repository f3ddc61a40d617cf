import { finishBoot, mountStandalone, provideSignInEntry, reportError, startAuth } from '@haven/shared';
import { App } from './app/App';

// The core's own sign-ins (a code login, a hand-off, one-tap) load the sign-in entry through this.
provideSignInEntry(() => import('@haven/shared/auth-flows'));

// Standalone page: this remote without the shell. Its routes are signed-in pages, so it restores the
// session itself (the shell does this on the composed site); without it the page would wait forever.
// With sign-in settled its boot is over (appLoaded), as the shell's.
void mountStandalone('mfe-dashboard', App).then(() =>
  finishBoot([startAuth().catch((error: unknown) => reportError(error, { area: 'auth-start', remote: 'mfe-dashboard' }))]),
);
