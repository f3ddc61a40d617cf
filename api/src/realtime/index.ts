// The realtime domain's public face: telling the realtime server that someone's access ended, and what the
// api server starts (the supervised server process and its persisted tree). Other domains import this
// file only; the worker process has its own entry (worker.ts).
export { announceAccessEnded, type AccessEnded } from './access.js';
export { superviseRealtime, type RealtimeSupervisor } from './supervisor.js';
export { loadRealtimeData, realtimeDataSaver, type RealtimeDataSaver } from './persistence.js';
