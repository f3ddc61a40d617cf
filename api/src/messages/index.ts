// The messages domain's public face: what each message says (templates), and the outbox's delivery,
// dispatcher and retry policy the server wires up. Other domains import this file only.
export * from './templates.js';
export { startDispatcher, dispatchOnce, type DispatchTiming } from './dispatcher.js';
export { outboxTimingFromEnv, DEFAULT_TIMING, type OutboxTiming } from './retry.js';
export { transportsFromEnv, type Channel, type OutgoingMessage, type Transport } from './delivery.js';
export { listDeadLetters, resendDeadLetters, type DeadLetter } from './dead-letters.js';
