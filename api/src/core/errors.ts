// One error body for every 4xx/5xx (and the Firebase SDK's own shape on its emulated paths); no stack
// or internal message leaves the api.
import type { FastifyError } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { HttpError, type App } from './http.js';
import { BODY_LIMIT } from './fastify.js';
import { DB_RETRY_AFTER_S, DB_UNAVAILABLE_CODE, DB_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable.js';

/** The answer when the database is away: 503 with Retry-After, told apart from load shedding by its code. */
export function databaseUnavailable(): HttpError {
  return new HttpError(
    503,
    DB_UNAVAILABLE_MESSAGE,
    { code: DB_UNAVAILABLE_CODE, retry_after: DB_RETRY_AFTER_S },
    { 'retry-after': String(DB_RETRY_AFTER_S) },
  );
}

export function registerErrorHandlers(app: App): void {
  app.setErrorHandler((thrown: FastifyError & { extra?: Record<string, unknown> }, req, reply) => {
    let err = thrown;
    if (!(thrown instanceof HttpError) && isDatabaseUnavailable(thrown)) {
      // Not a bug here: the database is restarting, failing over or full. One line, no stack.
      req.log.warn({ reqId: req.id, dbError: { code: thrown.code, message: thrown.message } }, 'database unavailable: answered 503');
      err = databaseUnavailable() as unknown as typeof thrown;
    }
    let status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    let message = err.message;
    if (err.validation) {
      status = 400;
      message = `${err.validationContext ?? 'request'}${err.validation[0]?.instancePath ?? ''} ${err.validation[0]?.message ?? err.message}`;
    } else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      message = `Unsupported Content-Type: ${req.headers['content-type'] ?? '(none)'}; send application/json${req.url.includes('google') || req.url.includes('securetoken') ? ' or application/x-www-form-urlencoded' : ''}`;
    } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      message = `Request body is larger than ${BODY_LIMIT} bytes`;
    }
    // A 503 the api answers on purpose (the partner code's "no", load shedding, a provider out of reach)
    // keeps its message; one caused by a failure elsewhere is logged with that cause.
    if (status >= 500 && !(err instanceof HttpError && status === 503)) {
      req.log.error({ err, reqId: req.id }, 'unexpected error');
      message = 'Internal server error';
    } else if (err instanceof HttpError && status >= 500 && err.cause !== undefined) {
      req.log.error({ err, reqId: req.id }, message);
    }
    if (req.url.startsWith('/identitytoolkit.googleapis.com/') || req.url.startsWith('/securetoken.googleapis.com/')) {
      // The Firebase SDK reads { error: { message } } (e.g. MISSING_TOKEN / INVALID_ARGUMENT).
      const code = status >= 500 ? 'INTERNAL_ERROR' : `INVALID_ARGUMENT : ${message}`;
      return reply
        .status(status)
        .send({ error: { code: status, message: code, errors: [{ message: code, domain: 'global', reason: 'invalid' }] } });
    }
    if (err instanceof HttpError) reply.headers(err.headers);
    reply.status(status).send({
      success: false,
      statusCode: status,
      error: STATUS_CODES[status] ?? 'Error',
      message,
      errors: [message],
      request_id: req.id,
      ...(err instanceof HttpError ? err.extra : {}),
    });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({
      success: false,
      statusCode: 404,
      error: 'Not Found',
      message: `No route ${req.method} ${req.url.split('?')[0]}`,
      errors: [`No route ${req.method} ${req.url.split('?')[0]}`],
      request_id: req.id,
    });
  });
}
