// The session room's chat keys: the api vouches for each person's chat public key with an ES256 proof
// naming the room, the side and the key (POST /session_room/{uuid}/chat_key), entered exactly as on
// joining; nobody else gets one, and a proof vouches for nothing but what it names (the same rule the
// room's pages apply, chatKeyProofProblem).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { webcrypto } from 'node:crypto';
import { calculateJwkThumbprint, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { CHAT_KEY_PROOF_AUDIENCE, CHAT_KEY_PROOF_ISSUER, chatKeyProofProblem } from '@haven/rules';
import { as, boot, call, signIn, type Session } from './helpers.js';

// The development stage: the per-address limit is the real one (20 refused entries in 15 minutes).
let srv: Awaited<ReturnType<typeof boot>> | undefined;
before(async () => {
  srv = await boot({ stage: 'development' });
});
after(async () => {
  await srv?.close();
});
const api = () => srv!.api;

async function liveSession(email: string, status: 'confirmed' | 'cancelled' = 'confirmed') {
  const r = await call(`${api()}/dev/session_room`, { body: { email, status } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.data as { uuid: string; room_token: string };
}
async function chatPublicKey() {
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  const { kty, crv, x, y } = await webcrypto.subtle.exportKey('jwk', pair.publicKey);
  return { kty, crv, x, y } as { kty: 'EC'; crv: 'P-256'; x: string; y: string };
}
type Key = Awaited<ReturnType<typeof chatPublicKey>>;
const certify = (uuid: string, key: Key, by: { session?: Session; room_token?: string; headers?: Record<string, string> }) => {
  const url = `${api()}/session_room/${uuid}/chat_key`;
  const body = { public_key: key, ...(by.room_token ? { room_token: by.room_token } : {}) };
  return by.session ? as(by.session, url, { body }) : call(url, { body, headers: by.headers ?? {} });
};
interface Certified {
  role: 'patient' | 'provider';
  proof: string;
  verification_key: Record<string, string>;
}
/** The proof's claims once its signature is checked with the key the api handed out (null: it does not verify). */
async function verified(c: Certified): Promise<JWTPayload | null> {
  const key = await importJWK(c.verification_key, 'ES256');
  return jwtVerify(c.proof, key, { algorithms: ['ES256'] }).then(
    (r) => r.payload,
    () => null,
  );
}

test('each person gets a proof of their own chat key that names this room, their side and this key, and nothing else', async () => {
  const patient = await signIn(api(), 'patient@haven.test');
  const s = await liveSession('patient@haven.test');
  const [patientKey, providerKey] = [await chatPublicKey(), await chatPublicKey()];
  const asPatient = await certify(s.uuid, patientKey, { session: patient });
  assert.equal(asPatient.status, 200, JSON.stringify(asPatient.body));
  const asProvider = await certify(s.uuid, providerKey, { room_token: s.room_token });
  assert.equal(asProvider.status, 200, JSON.stringify(asProvider.body));
  const p = asPatient.body.data as Certified;
  const d = asProvider.body.data as Certified;
  assert.deepEqual([p.role, d.role], ['patient', 'provider']);
  assert.deepEqual(p.verification_key, d.verification_key, 'one api key vouches for both sides');
  assert.equal(p.verification_key.d, undefined, 'only the public half is handed out');

  const patientClaims = await verified(p);
  const providerClaims = await verified(d);
  assert.ok(patientClaims && providerClaims, 'both proofs verify with the handed-out key');
  assert.equal(patientClaims.iss, CHAT_KEY_PROOF_ISSUER);
  assert.equal(patientClaims.aud, CHAT_KEY_PROOF_AUDIENCE);
  const jkt = { patient: await calculateJwkThumbprint(patientKey), provider: await calculateJwkThumbprint(providerKey) };
  assert.equal(chatKeyProofProblem(patientClaims, { room: s.uuid, role: 'patient', jkt: jkt.patient }), null);
  assert.equal(chatKeyProofProblem(providerClaims, { room: s.uuid, role: 'provider', jkt: jkt.provider }), null);
  // The patient's proof does not vouch for the provider's side, nor for another key on the patient's.
  assert.equal(chatKeyProofProblem(patientClaims, { room: s.uuid, role: 'provider', jkt: jkt.patient }), 'another_role');
  assert.equal(chatKeyProofProblem(patientClaims, { room: s.uuid, role: 'patient', jkt: jkt.provider }), 'another_key');
  assert.ok(Number(patientClaims.exp) * 1000 > Date.now(), 'valid while the room is');

  // Another session's proof (the same patient, the same key) is refused in this room.
  const other = await liveSession('patient@haven.test');
  const elsewhere = await certify(other.uuid, patientKey, { session: patient });
  assert.equal(elsewhere.status, 200, JSON.stringify(elsewhere.body));
  const elsewhereClaims = await verified(elsewhere.body.data as Certified);
  assert.ok(elsewhereClaims);
  assert.equal(chatKeyProofProblem(elsewhereClaims, { room: s.uuid, role: 'patient', jkt: jkt.patient }), 'another_room');

  // A proof signed by any other key does not verify with the api's, whatever it claims.
  const forger = await generateKeyPair('ES256');
  const forged = await new SignJWT({ room: s.uuid, role: 'patient', jkt: jkt.patient })
    .setProtectedHeader({ alg: 'ES256', kid: p.verification_key.kid })
    .setIssuer(CHAT_KEY_PROOF_ISSUER)
    .setAudience(CHAT_KEY_PROOF_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(forger.privateKey);
  assert.equal(await verified({ ...p, proof: forged }), null);
});

test("nobody else gets a proof for the room: a second patient, no or tampered credentials, another booking's link, a cancelled session", async () => {
  const s = await liveSession('patient@haven.test');
  const key = await chatPublicKey();
  const code = (r: { body: { code?: string } }) => r.body.code;
  const stranger = await signIn(api(), 'intl@haven.test');
  const notYours = await certify(s.uuid, key, { session: stranger });
  assert.equal(notYours.status, 404);
  assert.equal(code(notYours), 'room_not_yours');
  assert.equal(notYours.body.data?.proof, undefined);
  const patient = await signIn(api(), 'patient@haven.test');
  assert.equal(code(await certify(s.uuid, key, { headers: { ...patient.headers, 'access-token': 'x'.repeat(32) } })), 'room_link_invalid');
  assert.equal(code(await certify(s.uuid, key, {})), 'room_link_invalid');
  const other = await liveSession('patient@haven.test');
  const otherLink = await certify(s.uuid, key, { room_token: other.room_token });
  assert.equal(otherLink.status, 403, "another booking's room link");
  assert.equal(code(otherLink), 'room_link_invalid');
  const cancelled = await liveSession('patient@haven.test', 'cancelled');
  assert.equal(code(await certify(cancelled.uuid, key, { session: patient })), 'session_cancelled');
  assert.equal(code(await certify(cancelled.uuid, key, { room_token: cancelled.room_token })), 'session_cancelled');
  // Only a P-256 public key: a private key is never taken (nor signed).
  const withPrivate = await call(`${api()}/session_room/${s.uuid}/chat_key`, {
    body: { public_key: { ...key, d: key.x } },
    headers: patient.headers,
  });
  assert.equal(withPrivate.status, 400, JSON.stringify(withPrivate.body));
});

// Last in the file: it uses up this address's refused entries.
test('refused attempts count per address with refused joins (20 in 15 minutes), then 429 with Retry-After', async () => {
  const s = await liveSession('patient@haven.test');
  const key = await chatPublicKey();
  const wrongLink = `${s.room_token}x`;
  // The other tests of this file refused a few entries from this address already: at most 20 more refusals.
  let limited: Awaited<ReturnType<typeof certify>> | undefined;
  for (let i = 0; i <= 20 && !limited; i++) {
    const r = await certify(s.uuid, key, { room_token: wrongLink });
    if (r.status === 429) limited = r;
    else assert.equal(r.status, 403, JSON.stringify(r.body));
  }
  assert.ok(limited, 'refused with 429 within 20 refusals');
  assert.ok(Number(limited.headers.get('retry-after')) > 0);
  const join = await call(`${api()}/session_room/${s.uuid}/join`, { body: { room_token: wrongLink } });
  assert.equal(join.status, 429, 'the join counts the same refusals');
});
