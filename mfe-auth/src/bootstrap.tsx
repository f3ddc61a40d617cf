import { mountStandalone } from '@haven/shared';
import { App } from './app/App';

// Standalone page: this remote without the shell.
void mountStandalone('mfe-auth', App);
