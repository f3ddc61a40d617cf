import { captureRoomEntry, mountStandalone } from '@haven/shared';
import { App } from './app/App';

// The room link's payload leaves the address before anything renders or reads the URL.
captureRoomEntry();
// Standalone page: this remote without the shell.
void mountStandalone('mfe-session-room', App);
