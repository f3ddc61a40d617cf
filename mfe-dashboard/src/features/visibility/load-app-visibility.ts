// Moved to the shared core (the partner remote's business landing loads it too).
export { loadAppVisibility } from '@haven/shared';
