// End-to-end encryption of the session chat with Web Crypto (docs/session-room.md). Each person has an
// ECDH P-256 key pair per session (the private key never leaves their device, not extractable); the
// two public keys meet in the realtime database, and each side derives the same AES-GCM key from its
// private key and the other's public key (HKDF-SHA-256, salted with the session id). Only ciphertext,
// IVs and public keys are ever written to the database.

export interface Sealed {
  /** 96-bit IV, base64. */
  iv: string;
  /** AES-GCM ciphertext with its tag, base64. */
  ct: string;
}

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;
const HKDF_INFO = new TextEncoder().encode('haven session-room chat v1');

export const chatChannel = (sessionId: string) => `session-room:${sessionId}`;

export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/** A new key pair: the private key cannot be exported, only used. */
export async function createKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(ECDH, false, ['deriveBits']);
}

export async function exportPublicKey(key: CryptoKey): Promise<JsonWebKey> {
  const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', key);
  return { kty, crv, x, y };
}

/** The channel's AES-GCM key; extractable so the chat state can hold it (product rules, What the client keeps: `decryptionKeys`). */
export async function deriveChatKey(privateKey: CryptoKey, theirPublicKey: JsonWebKey, sessionId: string): Promise<CryptoKey> {
  const theirs = await crypto.subtle.importKey('jwk', theirPublicKey, ECDH, false, []);
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: theirs }, privateKey, 256);
  const hkdf = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new TextEncoder().encode(sessionId), info: HKDF_INFO },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    true,
    ['encrypt', 'decrypt'],
  );
}

export async function exportChatKey(key: CryptoKey): Promise<string> {
  return toBase64(await crypto.subtle.exportKey('raw', key));
}

/** `context` (room and sender) is authenticated with the message: a message cannot be replayed as the other person's. */
export async function seal(key: CryptoKey, text: string, context: string): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(context) },
    key,
    new TextEncoder().encode(text),
  );
  return { iv: toBase64(iv), ct: toBase64(ct) };
}

/** The text, or null when this key cannot open it (another key pair, or altered). */
export async function open(key: CryptoKey, sealed: Sealed, context: string): Promise<string | null> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData: new TextEncoder().encode(context) },
      key,
      fromBase64(sealed.ct),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null; // the chat says once why earlier messages are not shown here
  }
}
