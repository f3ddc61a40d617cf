// Who is asking, on a public route: signed-in callers see the times held for their own waitlist offers
// (providers/schedule.ts). Nothing is rotated or refused here; the authenticated routes do that.
import type { Queryable } from '../db/index.js';
import { checkCredentials, credentialsOf } from './sessions.js';
import { HttpError, type IncomingHeaders } from '../core/http.js';

/** The caller's account id when the request carries valid credentials, else null (anonymous). */
export async function viewerId(q: Queryable, headers: IncomingHeaders, now: number): Promise<number | null> {
  const credentials = credentialsOf(headers);
  if (!credentials.token) return null;
  try {
    return (await checkCredentials(q, credentials, now)).user.id;
  } catch (e) {
    // Stale or wrong credentials on a public route: the caller is treated as anonymous (as logged out).
    if (e instanceof HttpError) return null;
    throw e;
  }
}
