/**
 * @jest-environment node
 */
// Web Crypto is Node's own here (jsdom has no SubtleCrypto).
import { createKeyPair, deriveChatKey, exportChatKey, exportPublicKey, open, seal } from './chat-crypto';

async function party() {
  const pair = await createKeyPair();
  return { pair, pub: await exportPublicKey(pair.publicKey) };
}

test('both sides derive the same key from their own private key and the other public key; messages open on the other side', async () => {
  const patient = await party();
  const provider = await party();
  const a = await deriveChatKey(patient.pair.privateKey, provider.pub, 'session-1');
  const b = await deriveChatKey(provider.pair.privateKey, patient.pub, 'session-1');
  expect(await exportChatKey(a)).toBe(await exportChatKey(b));
  const sealed = await seal(a, 'Hello, how are you?', 'session-1|patient');
  expect(sealed.ct).not.toContain('Hello');
  expect(atob(sealed.ct)).not.toContain('Hello');
  expect(await open(b, sealed, 'session-1|patient')).toBe('Hello, how are you?');
});

test.each([
  ['another session (salt)', 'session-2', 'session-1|patient'],
  ['the message presented as the other sender', 'session-1', 'session-1|provider'],
])('a message does not open with %s', async (_case, session, context) => {
  const patient = await party();
  const provider = await party();
  const a = await deriveChatKey(patient.pair.privateKey, provider.pub, 'session-1');
  const b = await deriveChatKey(provider.pair.privateKey, patient.pub, session);
  expect(await open(b, await seal(a, 'secret', 'session-1|patient'), context)).toBeNull();
});

test("a third party's key pair cannot open the chat, and the private key cannot be exported", async () => {
  const patient = await party();
  const provider = await party();
  const stranger = await party();
  const key = await deriveChatKey(patient.pair.privateKey, provider.pub, 's');
  const theirs = await deriveChatKey(stranger.pair.privateKey, provider.pub, 's');
  expect(await open(theirs, await seal(key, 'private', 's|patient'), 's|patient')).toBeNull();
  await expect(crypto.subtle.exportKey('jwk', patient.pair.privateKey)).rejects.toThrow();
});
