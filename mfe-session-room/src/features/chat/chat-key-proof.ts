// Whose chat key is this? (docs/session-room.md, Chat encryption.) Each person publishes their public key
// at keys/{role} with the proof the api signed for them (ES256 over room, side and the key's RFC 7638
// thumbprint). The other side checks the proof with the api's verification key, which came from the api
// itself, never from the realtime database; a key without a proof that names exactly this room, this side
// and this key is refused and never used.
import {
  chatKeyProofProblem,
  chatKeyThumbprintInput,
  chatPublicKeyOf,
  type ChatKeyProofProblem,
  type ChatPublicKey,
} from '@haven/shared/dashboard-rules';
import type { Role } from '../call/room-channel';
import { fromBase64, toBase64 } from './chat-crypto';

/** What each person writes at rooms/{uuid}/keys/{role}. */
export interface PublishedChatKey {
  key: ChatPublicKey;
  /** The api's proof (compact JWS, ES256) that `key` is this side's key in this room. */
  proof: string;
}

/** The api's answer when it vouches for this person's key (POST /session_room/{uuid}/chat_key). */
export interface ChatKeyCertificate {
  proof: string;
  /** The api's public key for proofs: what the other side's proof is checked with. */
  verification_key: JsonWebKey;
}

export type KeyRefusal = ChatKeyProofProblem | 'not_signed_by_haven' | 'malformed';
export type KeyCheck = { ok: true; key: ChatPublicKey } | { ok: false; why: KeyRefusal };

const toBase64Url = (bytes: ArrayBuffer | Uint8Array) => toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string) => fromBase64(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
const json = (part: string): unknown => JSON.parse(new TextDecoder().decode(fromBase64Url(part)));

/** RFC 7638 SHA-256 thumbprint, base64url: how a proof names the key it vouches for. */
export async function chatKeyThumbprint(key: ChatPublicKey): Promise<string> {
  return toBase64Url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(chatKeyThumbprintInput(key))));
}

/** Checks what the database holds at keys/{role}: the key, when the api's proof vouches for it in this room on that side. */
export async function checkPublishedKey(
  published: unknown,
  expected: { room: string; role: Role },
  verificationKey: JsonWebKey,
): Promise<KeyCheck> {
  const p = published && typeof published === 'object' ? (published as Record<string, unknown>) : {};
  const key = chatPublicKeyOf(p.key);
  const parts = typeof p.proof === 'string' ? p.proof.split('.') : [];
  if (!key || parts.length !== 3) return { ok: false, why: 'malformed' };
  const [head, body, signature] = parts as [string, string, string];
  try {
    const header = json(head) as { alg?: unknown };
    if (header.alg !== 'ES256') return { ok: false, why: 'not_signed_by_haven' };
    const { kty, crv, x, y } = verificationKey;
    const verifier = await crypto.subtle.importKey('jwk', { kty, crv, x, y }, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    const signed = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      verifier,
      fromBase64Url(signature),
      new TextEncoder().encode(`${head}.${body}`),
    );
    if (!signed) return { ok: false, why: 'not_signed_by_haven' };
    const why = chatKeyProofProblem(json(body), { room: expected.room, role: expected.role, jkt: await chatKeyThumbprint(key) });
    return why ? { ok: false, why } : { ok: true, key };
  } catch {
    // Not base64url or not JSON: nothing the api wrote. The caller refuses it and says so.
    return { ok: false, why: 'malformed' };
  }
}

/** The same public key (another device of the same person has another one). */
export const sameKey = (a: ChatPublicKey, b: ChatPublicKey) => a.x === b.x && a.y === b.y;
