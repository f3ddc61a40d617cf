import { mountStandalone, provideSignInEntry } from '@haven/shared';
import { App } from './app/App';

// The core's own sign-ins (a code login, a hand-off, one-tap) load the sign-in entry through this.
provideSignInEntry(() => import('@haven/shared/auth-flows'));

// Standalone page: this remote without the shell.
void mountStandalone('mfe-auth', App);
