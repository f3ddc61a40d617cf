/**
 * @jest-environment node
 */
// Web Crypto is Node's own here (jsdom has no SubtleCrypto).
import { checkPublishedKey, chatKeyThumbprint } from './chat-key-proof';

// A proof the api signed (chatKeyProof in api/src/identity/tokens.ts, with jose) for this key, this room
// and the patient's side, and the api's verification key then: the room's check must accept exactly it.
const key = {
  kty: 'EC',
  crv: 'P-256',
  x: 'jdAzGycHcCdu6dt3Kk01C-L5sj1Wy-N5ptBP-Cq8cVA',
  y: 'GpZ-rUcQt6KSczOOOJMaObqny2aRLtjf5oYwkkviMlk',
} as const;
const otherKey = { ...key, x: 'Rq_NX0m-ynct-VD8MToFR8hXLl3sjFXN_8iyLTm2FH4', y: 'bX-TaggUu0tKisk3542Y-t25ynYgbmxZyQhwMPfWJH8' };
const room = '6f1c1d2e-8f0a-4b7e-9c3d-2a5b6c7d8e9f';
const verificationKey: JsonWebKey & { kid: string } = {
  kty: 'EC',
  crv: 'P-256',
  x: 'Rq_NX0m-ynct-VD8MToFR8hXLl3sjFXN_8iyLTm2FH4',
  y: 'bX-TaggUu0tKisk3542Y-t25ynYgbmxZyQhwMPfWJH8',
  alg: 'ES256',
  use: 'sig',
  kid: 'GtyVEY4NgbWP4mv1vfxVQpS1OicEIWkpXC_j_I9t_oQ',
};
const proof =
  'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6Ikd0eVZFWTROZ2JXUDRtdjF2ZnhWUXBTMU9pY0VJV2twWENfal9JOXRfb1EifQ.' +
  'eyJyb29tIjoiNmYxYzFkMmUtOGYwYS00YjdlLTljM2QtMmE1YjZjN2Q4ZTlmIiwicm9sZSI6InBhdGllbnQiLCJqa3QiOiJGTU1KRFlIbUg2Q0lkMnRpSG56X1NjbzdtbTBubHRiMXpJSkhGVWV4V0FNIiwiaXNzIjoiaGF2ZW4tYXBpL3Jvb20tY2hhdC1rZXkiLCJhdWQiOiJoYXZlbi1zZXNzaW9uLXJvb20vY2hhdC1rZXkiLCJzdWIiOiI2ZjFjMWQyZS04ZjBhLTRiN2UtOWMzZC0yYTViNmM3ZDhlOWYvcGF0aWVudCIsImlhdCI6MTc5NjYxOTM0OCwiZXhwIjo0MTAyNDQ0ODAwfQ.' +
  'XMUFsq_hjWXhDmZAOElVmgul5Yt4c2UKDhBKE6mcm8K9RU5ss7KK4nYbbDvEMRE91Eb91iCd2f0N5o2KUuQl0Q';

test("the key's thumbprint is RFC 7638's, as the api computes it", async () => {
  expect(await chatKeyThumbprint(key)).toBe('FMMJDYHmH6CId2tiHnz_Sco7mm0nltb1zIJHFUexWAM');
});

test("the api's proof vouches for the key it names, in its room, on its side", async () => {
  expect(await checkPublishedKey({ key, proof }, { room, role: 'patient' }, verificationKey)).toEqual({ ok: true, key });
});

const [head, body, signature] = proof.split('.') as [string, string, string];
const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
test.each([
  ['in another room', { key, proof }, { room: 'another-room', role: 'patient' }, verificationKey, 'another_room'],
  ["on the other person's side", { key, proof }, { room, role: 'provider' }, verificationKey, 'another_role'],
  ['beside another key', { key: otherKey, proof }, { room, role: 'patient' }, verificationKey, 'another_key'],
  [
    'with an altered signature',
    { key, proof: `${head}.${body}.${flipped}` },
    { room, role: 'patient' },
    verificationKey,
    'not_signed_by_haven',
  ],
  [
    'checked with another key',
    { key, proof },
    { room, role: 'patient' },
    { ...verificationKey, x: key.x, y: key.y },
    'not_signed_by_haven',
  ],
  [
    'unsigned (alg none)',
    { key, proof: `${btoa('{"alg":"none"}')}.${body}.` },
    { room, role: 'patient' },
    verificationKey,
    'not_signed_by_haven',
  ],
  ['as a bare key (no proof)', key, { room, role: 'patient' }, verificationKey, 'malformed'],
  ['as nothing at all', null, { room, role: 'patient' }, verificationKey, 'malformed'],
  ['with a proof that is not a token', { key, proof: 'a.b.c' }, { room, role: 'patient' }, verificationKey, 'malformed'],
] as const)('a published key is refused %s', async (_case, published, expected, verifier, why) => {
  expect(await checkPublishedKey(published, expected, verifier)).toEqual({ ok: false, why });
});
