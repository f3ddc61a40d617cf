// A route's options said once: that it needs a signed-in person, and the OpenAPI tag and summary it is listed
// under. Route files name one helper per tag and write only what is their own (params, body, response).
import type { FastifySchema } from 'fastify';

/** What a route's schema says besides its tag and summary. */
type Parts = FastifySchema & { description?: string };

/**
 * The options of the signed-in routes of one OpenAPI tag: `route(summary, parts)` is a route's `{ config,
 * schema }`. The credential check reads `config.auth`, and the OpenAPI document lists the credentials then.
 */
export function signedIn(tag: string) {
  return <S extends Parts = Parts>(summary: string, parts?: S) => ({
    config: { auth: true },
    schema: { tags: [tag], summary, ...(parts as S) },
  });
}
