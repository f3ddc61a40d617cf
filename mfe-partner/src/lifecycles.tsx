import { createRemoteLifecycles } from '@haven/shared';
import { App } from './app/App';

// The `./app` expose the shell mounts on this remote's routes.
export const { bootstrap, mount, unmount } = createRemoteLifecycles('mfe-partner', App);
