// Whether a realtime identity still has access: asked when an ID token is minted or refreshed (the auth
// emulator) and, every few seconds, for every identity connected to the realtime server.
import type { Queryable } from '../db/index.js';
import { findUser } from '../identity/index.js';
import { roomIdentityRevoked } from './session-room.js';

export interface IdentityToCheck {
  uid: string;
  issuedAtMs: number;
  claims: Record<string, unknown>;
}

/** True when the room's booking is cancelled or over, or the person logged out everywhere, changed password or closed the account. */
export async function realtimeAccessEnded(q: Queryable, ident: IdentityToCheck, now = Date.now()): Promise<boolean> {
  if (await roomIdentityRevoked(q, ident.claims, now)) return true;
  if (ident.claims.haven_room_role === 'provider') return false;
  const user = await findUser(q, 'firebaseid', ident.uid);
  return !user || ident.issuedAtMs < Number(user.firebase_tokens_valid_after_ms);
}
