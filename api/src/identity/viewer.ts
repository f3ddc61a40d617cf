// Who is asking, on a public route: signed-in callers see the times held for their own waitlist offers
// (providers/schedule.ts). Nothing is rotated or refused here; the authenticated routes do that.
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.js';
import { checkCredentials } from './sessions.js';
import { HttpError } from '../core/http.js';

/** The caller's account id when the request carries valid credentials, else null (anonymous). */
export async function viewerId(q: Queryable, req: FastifyRequest, now: number): Promise<number | null> {
  const h = req.headers;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const auth = str(h.authorization);
  const token = str(h['access-token']) ?? (auth?.startsWith('Bearer ') ? auth.slice(7) : undefined);
  if (!token) return null;
  try {
    return (await checkCredentials(q, { token, client: str(h.client), uid: str(h.uid) }, now)).user.id;
  } catch (e) {
    // Stale or wrong credentials on a public route: the caller is treated as anonymous (as logged out).
    if (e instanceof HttpError) return null;
    throw e;
  }
}
