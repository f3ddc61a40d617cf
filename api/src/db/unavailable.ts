// The database away (restarting, failing over, unreachable, out of connections) is not a bug in the
// api: the request that met it is answered 503 with Retry-After and code `database_unavailable`
// (core/errors.ts), so clients ask again; it is told apart from load shedding's `overloaded`.

/** Seconds a client is asked to wait when the database is away (a fast restart takes 1-2 s, a crash recovery a few more). */
export const DB_RETRY_AFTER_S = 2;
export const DB_UNAVAILABLE_CODE = 'database_unavailable';
export const DB_UNAVAILABLE_MESSAGE = 'Haven cannot reach its database just now. Please try again in a moment.';

/**
 * PostgreSQL's SQLSTATEs for "not now": admin shutdown, crash shutdown, cannot connect now (starting or
 * shutting down), too many connections. Class 08 (connection exceptions) is matched by its prefix.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** The socket's own failures (node:net), met when the server is down or the network between is. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres and its pool say these in words only (no code). */
const CLIENT_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
  /^Client has encountered a connection error/,
  /^Connection closed$/,
];

/** Whether `e` means the database could not be reached or went away (not that the statement was wrong). */
export function isDatabaseUnavailable(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (SERVER_CODES.has(code) || SOCKET_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof code !== 'string' && typeof message === 'string' && CLIENT_MESSAGES.some((m) => m.test(message))) return true;
  // Connecting to a name with several addresses fails with all of them (AggregateError).
  return Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnavailable);
}
