// The session room's chat keys (docs/session-room.md, Chat encryption): each person publishes their
// chat public key with a proof the api signed for them (ES256), naming exactly whom it is for (this
// session, this side) and what (this key, by its RFC 7638 thumbprint). The other side uses a key only
// when its proof says all three; a key the realtime database swapped in cannot carry such a proof.

/** Who signs chat-key proofs, and what they are for (the token's audience). */
export const CHAT_KEY_PROOF_ISSUER = 'haven-api/room-chat-key';
export const CHAT_KEY_PROOF_AUDIENCE = 'haven-session-room/chat-key';

export type ChatKeyRole = 'patient' | 'provider';

/** What a proof must name to vouch for a key: the room (the booking's uuid), the side, the key's thumbprint. */
export interface ChatKeyExpectation {
  room: string;
  role: ChatKeyRole;
  /** RFC 7638 SHA-256 thumbprint of the public key, base64url. */
  jkt: string;
}

export type ChatKeyProofProblem = 'not_a_proof' | 'another_room' | 'another_role' | 'another_key';

/**
 * Why a proof's (signature-checked) claims do not vouch for this key in this room on this side, or null
 * when they do. The order says the most telling reason first.
 */
export function chatKeyProofProblem(claims: unknown, expected: ChatKeyExpectation): ChatKeyProofProblem | null {
  if (!claims || typeof claims !== 'object') return 'not_a_proof';
  const c = claims as Record<string, unknown>;
  if (c.iss !== CHAT_KEY_PROOF_ISSUER || c.aud !== CHAT_KEY_PROOF_AUDIENCE) return 'not_a_proof';
  if (c.room !== expected.room) return 'another_room';
  if (c.role !== expected.role) return 'another_role';
  if (c.jkt !== expected.jkt) return 'another_key';
  return null;
}

/** The public part of a P-256 key as it is published (nothing else: no private part, no options). */
export interface ChatPublicKey {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

const B64URL_32_BYTES = /^[A-Za-z0-9_-]{43}$/;

/** The key as published, or null for anything else (another curve, a private part, a malformed coordinate). */
export function chatPublicKeyOf(value: unknown): ChatPublicKey | null {
  if (!value || typeof value !== 'object') return null;
  const k = value as Record<string, unknown>;
  if (k.kty !== 'EC' || k.crv !== 'P-256' || 'd' in k) return null;
  if (typeof k.x !== 'string' || typeof k.y !== 'string' || !B64URL_32_BYTES.test(k.x) || !B64URL_32_BYTES.test(k.y)) return null;
  return { kty: 'EC', crv: 'P-256', x: k.x, y: k.y };
}

/** The text whose SHA-256 is the key's RFC 7638 thumbprint: its required members, sorted, no spaces. */
export const chatKeyThumbprintInput = (key: ChatPublicKey) => `{"crv":"${key.crv}","kty":"${key.kty}","x":"${key.x}","y":"${key.y}"}`;
