// TURN credentials for a session room, in the scheme coturn checks with `use-auth-secret` (the TURN REST
// API): the username is "<expiry, unix seconds>:<who>", the password the base64 HMAC-SHA1 of the username
// under the secret the api shares with the relays. Nothing is stored: a relay recomputes the password
// and refuses it once the expiry has passed, so a leaked credential opens one room's relay only as long
// as that room is open to its people.
import { createHmac } from 'node:crypto';
import type { TurnConfig } from '../core/config.js';

/** One RTCIceServer entry: the relays, with a credential for one person until its expiry. */
export interface TurnServer {
  urls: string[];
  username: string;
  credential: string;
}

/** The password a relay expects for `username` (the HMAC-SHA1 of the username under the shared secret, base64). */
export const turnPassword = (secret: string, username: string) => createHmac('sha1', secret).update(username).digest('base64');

/**
 * A credential for `who` (one person in one room; no ':' in it) valid until `expiresAtS`. The relays
 * read the expiry from the username and the api's secret proves it was the api that wrote it.
 */
export function turnServer(c: TurnConfig, who: string, expiresAtS: number): TurnServer {
  const username = `${Math.floor(expiresAtS)}:${who.replaceAll(':', '.')}`;
  return { urls: [...c.urls], username, credential: turnPassword(c.secret, username) };
}
