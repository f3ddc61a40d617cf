// Request bodies: JSON (an empty one is none), form-urlencoded where a route says so, nothing else.
import formbody from '@fastify/formbody';
import type { FastifyError } from 'fastify';
import { HttpError, type App } from './http.js';
import { BODY_LIMIT } from './fastify.js';

export async function registerBodyParsers(app: App): Promise<void> {
  // JSON: an empty body is "no body"; malformed JSON is a 400 naming the problem.
  // Only JSON (and form-urlencoded where a route says so) is accepted; anything else is a 415.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(
        null,
        JSON.parse(text, (k, v) => (k === '__proto__' || k === 'constructor' ? undefined : v)),
      );
    } catch (e) {
      done(new HttpError(400, `Body is not valid JSON: ${(e as Error).message}`) as unknown as FastifyError, undefined);
    }
  });
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
}
