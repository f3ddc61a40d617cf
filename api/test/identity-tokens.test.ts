// Every token the api signs goes through identity/tokens.ts: each kind round-trips, and each verifier
// refuses every other kind (another issuer, audience or purpose), another secret, and an expired token.
// The issuers are named once: no other api source file spells one.
import { describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  acceptPartnerJwt,
  appToken,
  HANDOFF_PURPOSE,
  KLI_PURPOSE,
  mintCustomToken,
  mintFirebaseIdToken,
  mintRefreshToken,
  partnerProof,
  roomLinkToken,
  secondaryProfileToken,
  signPartnerJwt,
  signProof,
  signUpVerificationToken,
  verifyAppToken,
  verifyCustomToken,
  verifyFirebaseIdToken,
  verifyProof,
  verifyRefreshToken,
  verifyRoomLinkToken,
  verifySecondaryProfileToken,
  type ProofPurpose,
} from '../src/identity/tokens.js';
import { readIdToken } from '../src/realtime/connection-guard.js';
import { accessEnded, newRevocations, recordEnded } from '../src/realtime/access.js';
import type { Queryable } from '../src/db/index.js';

const SECRET = 's'.repeat(40);
const OTHER_SECRET = 'o'.repeat(40);
const PROFILE = { uuid: '11111111-1111-4111-8111-111111111111', parent_user_id: 7 };
const ACME = { uuid: '22222222-2222-4222-8222-222222222222', partner_secret: 'p'.repeat(40) };
const GLOBEX = { uuid: '33333333-3333-4333-8333-333333333333', partner_secret: 'g'.repeat(40) };

/** What each verifier makes of a token: the subject it accepts it for, or null when refused. */
const readers: Record<string, (t: string, secret?: string) => Promise<string | null>> = {
  secondaryProfile: async (t, s = SECRET) => (await verifySecondaryProfileToken(s, t))?.profile ?? null,
  appToken: async (t, s = SECRET) => (await verifyAppToken(s, t).catch(() => null))?.sub ?? null,
  roomLink: async (t, s = SECRET) => (await verifyRoomLinkToken(s, t))?.sub ?? null,
  'proof:sign-up': (t, s = SECRET) => verifyProof(s, 'sign-up', t),
  'proof:partner': (t, s = SECRET) => verifyProof(s, 'partner', t),
  'proof:account-link': (t, s = SECRET) => verifyProof(s, 'account-link', t),
  'proof:google-nonce': (t, s = SECRET) => verifyProof(s, 'google-nonce', t),
};
/** One token of each kind, for `secret`, naming the subject of the same name. */
const minters: Record<string, (secret: string) => Promise<string>> = {
  secondaryProfile: (s) => secondaryProfileToken(s, { ...PROFILE, uuid: 'secondaryProfile' }, { id: 1, generation: 0 }),
  appToken: (s) => appToken(s, 'appToken', {}),
  roomLink: (s) => roomLinkToken(s, { sub: 'roomLink', booking: 'b', lid: 'l' }, 60),
  'proof:sign-up': (s) => signUpVerificationToken(s, 'proof:sign-up'),
  'proof:partner': (s) => partnerProof(s, 'proof:partner'),
  'proof:account-link': (s) => signProof(s, 'account-link' satisfies ProofPurpose, 'proof:account-link', 60),
  'proof:google-nonce': (s) => signProof(s, 'google-nonce' satisfies ProofPurpose, 'proof:google-nonce', 60),
};

describe('api-signed tokens', () => {
  test('each kind is read only by its own verifier, for the subject it names', async () => {
    for (const [kind, mint] of Object.entries(minters)) {
      const token = await mint(SECRET);
      for (const [reader, read] of Object.entries(readers)) {
        assert.equal(await read(token), reader === kind ? kind : null, `${kind} token read by ${reader}`);
      }
    }
  });

  test('a token signed with another secret is refused by its own verifier', async () => {
    for (const [kind, mint] of Object.entries(minters)) assert.equal(await readers[kind]!(await mint(OTHER_SECRET)), null, kind);
  });

  test('an expired token is refused by its own verifier', async () => {
    const tokens: [string, string][] = [];
    // Minted 31 days ago: past every lifetime (the longest, a secondary profile's, is 30 days).
    mock.timers.enable({ apis: ['Date'], now: Date.now() - 31 * 24 * 3600_000 });
    try {
      for (const [kind, mint] of Object.entries(minters)) tokens.push([kind, await mint(SECRET)]);
    } finally {
      mock.timers.reset();
    }
    for (const [kind, token] of tokens) assert.equal(await readers[kind]!(token), null, kind);
  });
});

describe('the realtime database tokens', () => {
  const ident = { uid: 'fb-uid-1', claims: { haven_uuid: 'u-1' } };
  test('a custom token, an ID token and a refresh token each round-trip and are refused as one another', async () => {
    const custom = await mintCustomToken(SECRET, 'haven-local', ident);
    const idToken = await mintFirebaseIdToken(SECRET, 'haven-local', ident);
    const refresh = await mintRefreshToken(SECRET, ident);
    assert.equal((await verifyCustomToken(SECRET, custom)).uid, 'fb-uid-1');
    assert.equal((await verifyFirebaseIdToken(SECRET, 'haven-local', idToken)).user_id, 'fb-uid-1');
    assert.equal((await verifyRefreshToken(SECRET, refresh)).uid, 'fb-uid-1');
    await assert.rejects(verifyCustomToken(SECRET, idToken));
    await assert.rejects(verifyCustomToken(SECRET, refresh));
    await assert.rejects(verifyFirebaseIdToken(SECRET, 'haven-local', custom));
    await assert.rejects(verifyFirebaseIdToken(SECRET, 'another-project', idToken));
    await assert.rejects(verifyRefreshToken(SECRET, custom));
    await assert.rejects(verifyCustomToken(OTHER_SECRET, custom));
  });

  test('an ID token issued in the same second as, but after, a log-out everywhere is not refused by it', async () => {
    // JWT times are whole seconds: read as such, a token minted 400 ms after the log-out counted as issued before it.
    mock.timers.enable({ apis: ['Date'], now: 1_796_698_897_054 });
    try {
      const loggedOutAt = Date.now();
      mock.timers.tick(400);
      const realtime = readIdToken(SECRET, await mintFirebaseIdToken(SECRET, 'haven-local', ident))!;
      assert.equal(realtime.issuedAtMs, loggedOutAt + 400);
      const revocations = newRevocations();
      recordEnded(revocations, { uid: 'fb-uid-1', beforeMs: loggedOutAt });
      assert.equal(accessEnded(realtime, revocations), false, 'issued after the log-out');
      recordEnded(revocations, { uid: 'fb-uid-1', beforeMs: loggedOutAt + 401 });
      assert.equal(accessEnded(realtime, revocations), true, 'issued before a later log-out');
    } finally {
      mock.timers.reset();
    }
  });
});

describe('partner-signed JWTs', () => {
  /** used_token_ids in memory: the first claim of an id wins. */
  const usedIds = (): Queryable => {
    const used = new Set<string>();
    return {
      query: async <T>(sql: string, params?: unknown[]) => {
        if (!sql.startsWith('INSERT')) return [] as T[];
        const id = String(params![0]);
        if (used.has(id)) return [] as T[];
        used.add(id);
        return [{ jti: id }] as T[];
      },
    };
  };

  test('accepted once, for the organisation that signed it and what the route takes it for', async () => {
    const q = usedIds();
    const token = await signPartnerJwt(ACME, { email: 'a@acme.test' });
    assert.equal(await acceptPartnerJwt(q, GLOBEX, token, () => true), null, 'another organisation');
    assert.equal(await acceptPartnerJwt(q, ACME, token, (c) => c.purpose === KLI_PURPOSE), null, 'taken for another purpose');
    assert.equal((await acceptPartnerJwt(q, ACME, token, () => true))?.email, 'a@acme.test');
    assert.equal(await acceptPartnerJwt(q, ACME, token, () => true), null, 'used twice');
    const handoff = await signPartnerJwt(ACME, { email: 'a@acme.test', purpose: HANDOFF_PURPOSE }, 60);
    assert.equal((await acceptPartnerJwt(q, ACME, handoff, (c) => c.purpose === HANDOFF_PURPOSE))?.purpose, HANDOFF_PURPOSE);
  });

  test('refused when it lives longer than the partner bound, or has expired', async () => {
    const q = usedIds();
    assert.equal(await acceptPartnerJwt(q, ACME, await signPartnerJwt(ACME, { email: 'a@acme.test' }, 3600), () => true), null, 'an hour');
    const expired = await signPartnerJwt(ACME, { email: 'a@acme.test' }, 60);
    assert.equal(await acceptPartnerJwt(q, ACME, expired, () => true, Date.now() + 120_000), null, 'expired');
  });
});

describe('each issuer is named once', () => {
  test('no api source file but identity/tokens.ts spells an api issuer (the signed proofs, a foundation, in core/signed-proofs.ts); only identity/google.ts the development Google issuer', () => {
    const src = join(import.meta.dirname, '../src');
    const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    const spelling = (pattern: RegExp) => files.filter((f) => pattern.test(readFileSync(join(src, f), 'utf8')));
    assert.deepEqual(spelling(/['"`]haven-api\/[a-z-]+['"`]/).sort(), [join('core', 'signed-proofs.ts'), join('identity', 'tokens.ts')]);
    assert.deepEqual(spelling(/accounts\.haven\.localhost\/dev-google/), [join('identity', 'google.ts')]);
  });
});
