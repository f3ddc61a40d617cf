// Limits that hold under a burst, and keys that never let one person's failures refuse another person.
// Each burst sends the wrong secret many times at once with the right one in the middle: an attempt is
// reserved before the secret is compared, so at most the policy's number is evaluated (a failure answer
// is an evaluation) and the right secret is refused once the policy is spent. Client addresses come
// from X-Forwarded-For (HAVEN_TRUST_PROXY=loopback), as behind a load balancer.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, signIn, signUpCode, signUpWithCode, waitForOutbox, type Res, type TestServer } from './helpers.js';
import { DEMO_ORGANISATIONS, DEMO_PASSWORD } from '../src/seed/demo-accounts.js';
import { SIGN_IN_LOCKOUT, limitsFor } from '../src/config/limits.js';
import { SIGN_UP_CODE_REQUIRED } from '../src/identity/index.js';

let srv: TestServer;
let api: string;
const server = serverPerFile({ stage: 'development', env: { HAVEN_TRUST_PROXY: 'loopback' } });
before(async () => {
  srv = await server();
  api = srv.api;
});

const LIMITS = limitsFor('development');
const from = (address: string) => ({ 'x-forwarded-for': address });
const passwordSignIn = (email: string, password: string, address: string) =>
  call(`${api}/auth/sign_in`, { body: { email, password }, headers: from(address) });
const statuses = (rs: Res[]) => rs.reduce<Record<number, number>>((n, r) => ({ ...n, [r.status]: (n[r.status] ?? 0) + 1 }), {});
/** `n` wrong attempts at once, the right one sent in the middle of them. */
async function burst(n: number, wrong: () => Promise<Res>, right: () => Promise<Res>) {
  const all = await Promise.all([...Array.from({ length: n / 2 }, wrong), right(), ...Array.from({ length: n / 2 }, wrong)]);
  return { right: all[n / 2]!, wrong: all.filter((_, i) => i !== n / 2) };
}
async function signUp(email: string, address: string) {
  const r = await signUpWithCode(api, { email, password: 'right-pass1' }, from(address));
  assert.equal(r.status, 200, JSON.stringify(r.body));
}

describe('a burst evaluates at most the policy', () => {
  test('150 concurrent wrong passwords: at most 10 compared; the right password inside and after the burst is refused', async () => {
    await signUp('burst-pw@example.com', '198.51.100.1');
    const b = await burst(
      150,
      () => passwordSignIn('burst-pw@example.com', 'wrong-pass', '203.0.113.1'),
      () => passwordSignIn('burst-pw@example.com', 'right-pass1', '203.0.113.1'),
    );
    const n = statuses(b.wrong);
    assert.ok((n[401] ?? 0) <= SIGN_IN_LOCKOUT.after, `passwords compared: ${JSON.stringify(n)}`);
    assert.equal((n[401] ?? 0) + (n[429] ?? 0), 150, JSON.stringify(n));
    assert.equal(b.right.status, 429, 'the right password inside the burst');
    assert.equal((await passwordSignIn('burst-pw@example.com', 'right-pass1', '203.0.113.1')).status, 429);
  });

  test('200 concurrent wrong one-time codes: at most 10 compared; the right code inside and after the burst is refused', async () => {
    const target = { channel: 'email', email: 'burst-otp@example.com' };
    assert.equal((await call(`${api}/otp/send`, { body: target, headers: from('203.0.113.2') })).status, 200);
    const code = (await waitForOutbox(api, 'burst-otp@example.com', 'email')).body.data[0].code as string;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const verify = (c: string) => call(`${api}/otp/verify`, { body: { ...target, code: c }, headers: from('203.0.113.2') });
    const b = await burst(
      200,
      () => verify(wrong),
      () => verify(code),
    );
    const n = statuses(b.wrong);
    assert.ok((n[422] ?? 0) <= LIMITS.otp_wrong_destination[0]!.max, `codes compared: ${JSON.stringify(n)}`);
    assert.equal(b.right.status, 429, 'the right code inside the burst');
    assert.equal((await verify(code)).status, 429);
  });

  test('100 concurrent sign-ups with a wrong code: at most 10 compared; the right code inside and after the burst is refused', async () => {
    const email = 'burst-sign-up@example.com';
    const code = await signUpCode(api, email, from('203.0.113.11'));
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    // Each from its own address, so only the e-mail's wrong-code limit can refuse them.
    let n = 0;
    const up = (c: string) => call(`${api}/auth`, { body: { email, password: 'right-pass1', code: c }, headers: from(`198.18.0.${++n}`) });
    const b = await burst(
      100,
      () => up(wrong),
      () => up(code),
    );
    const counts = statuses(b.wrong);
    assert.ok((counts[422] ?? 0) <= LIMITS.otp_wrong_destination[0]!.max, `codes compared: ${JSON.stringify(counts)}`);
    assert.equal((counts[422] ?? 0) + (counts[429] ?? 0), 100, JSON.stringify(counts));
    assert.equal(b.right.status, 429, 'the right code inside the burst');
    assert.equal((await up(code)).status, 429);
  });

  test('100 concurrent wrong PINs: at most 5 compared; the right PIN inside and after the burst is refused', async () => {
    await signUp('burst-pin@example.com', '198.51.100.3');
    const me = await signIn(api, 'burst-pin@example.com', 'right-pass1');
    assert.equal((await as(me, `${api}/customers/pin`, { method: 'POST', body: { pin: '4821' } })).status, 200);
    const change = (current: string) =>
      as(me, `${api}/customers/pin`, { method: 'PUT', body: { current_pin: current, pin: '5930' }, headers: from('203.0.113.3') });
    const b = await burst(
      100,
      () => change('0001'),
      () => change('4821'),
    );
    const n = statuses(b.wrong);
    assert.ok((n[422] ?? 0) <= LIMITS.pin_wrong_user[0]!.max, `PINs compared: ${JSON.stringify(n)}`);
    assert.equal(b.right.status, 429, 'the right PIN inside the burst');
    assert.equal((await change('4821')).status, 429);
  });

  test('50 concurrent wrong partner codes: at most 5 compared; the right code inside the burst is refused', async () => {
    const org = DEMO_ORGANISATIONS.acme.uuid;
    const verify = (code: string) =>
      call(`${api}/customers/organisations_integration/${org}/verify_totp_code`, { body: { code }, headers: from('203.0.113.4') });
    const { code } = (await call(`${api}/dev/totp?id=${org}`)).body as { code: string };
    const wrong = String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
    const b = await burst(
      50,
      () => verify(wrong),
      () => verify(code),
    );
    const n = statuses(b.wrong);
    assert.ok((n[503] ?? 0) <= LIMITS.partner_code[0]!.max, `partner codes compared: ${JSON.stringify(n)}`);
    assert.equal(b.right.status, 429, 'the right code inside the burst');
  });
});

describe("one person's failures never refuse another person's right password", () => {
  test("failures from an address (made-up e-mails and a victim's) leave other people there and elsewhere signing in", async () => {
    await signUp('victim@example.com', '198.51.100.5');
    // The victim signed in before from her own address.
    assert.equal((await passwordSignIn('victim@example.com', 'right-pass1', '198.51.100.5')).status, 200);
    const attacker = '203.0.113.5';
    const made = await Promise.all(Array.from({ length: 60 }, (_, i) => passwordSignIn(`nobody${i}@example.com`, 'wrong-pass', attacker)));
    assert.deepEqual(statuses(made), { 401: 60 });
    for (let i = 0; i < SIGN_IN_LOCKOUT.after; i++)
      assert.equal((await passwordSignIn('victim@example.com', 'wrong-pass', attacker)).status, 401);
    assert.equal((await passwordSignIn('victim@example.com', 'wrong-pass', attacker)).status, 429);
    // Another person behind the attacker's address (one office NAT), and one elsewhere: both sign in.
    assert.equal((await passwordSignIn('patient@haven.test', DEMO_PASSWORD, attacker)).status, 200);
    assert.equal((await passwordSignIn('newpatient@haven.test', DEMO_PASSWORD, '198.51.100.6')).status, 200);
    // The victim from the address she used before: the lock holds strangers, not her.
    assert.equal((await passwordSignIn('victim@example.com', 'right-pass1', '198.51.100.5')).status, 200);
    // From a new address the account is locked (the right password too, so a lock tells nothing) ...
    assert.equal((await passwordSignIn('victim@example.com', 'right-pass1', '198.51.100.7')).status, 429);
    // ... and her one-time code path is never locked.
    const target = { channel: 'email', email: 'victim@example.com' };
    assert.equal((await call(`${api}/otp/send`, { body: target, headers: from('198.51.100.7') })).status, 200);
    const code = (await waitForOutbox(api, 'victim@example.com', 'email')).body.data[0].code as string;
    const r = await call(`${api}/otp/verify`, { body: { ...target, code }, headers: from('198.51.100.7') });
    assert.equal(r.status, 200);
    assert.equal(r.body.account_exists, true);
  });
});

describe('sign-up answers alike whether or not an account exists, and is limited', () => {
  test('a bogus verification token: the same answer for a taken and a free e-mail or number', async () => {
    const up = (body: Record<string, unknown>) =>
      call(`${api}/auth`, { body: { password: 'right-pass1', verification_token: 'bogus', ...body }, headers: from('203.0.113.8') });
    const taken = await up({ email: 'patient@haven.test' });
    const free = await up({ email: 'free-address@example.com' });
    const answer = (r: Res) => [r.status, { ...r.body, request_id: undefined }];
    assert.deepEqual(answer(taken), answer(free));
    assert.equal(taken.status, 422);
  });

  test('no code or a wrong code: the same answer for a taken and a free e-mail, and nothing is created', async () => {
    const answer = (r: Res) => [r.status, { ...r.body, request_id: undefined }];
    const up = (email: string, extra: Record<string, unknown>) =>
      call(`${api}/auth`, { body: { email, password: 'right-pass1', ...extra }, headers: from('203.0.113.10') });
    const none = [await up('patient@haven.test', {}), await up('free-nocode@example.com', {})];
    assert.deepEqual(answer(none[0]!), answer(none[1]!));
    assert.equal(none[0]!.status, 422);
    assert.equal(none[0]!.body.message, SIGN_UP_CODE_REQUIRED);
    // Each has a code on its way; the wrong one reads the same for both.
    const codes = [await signUpCode(api, 'patient@haven.test'), await signUpCode(api, 'free-wrong@example.com')];
    const wrongOf = (c: string) => String((Number(c) + 1) % 1_000_000).padStart(6, '0');
    const wrong = [
      await up('patient@haven.test', { code: wrongOf(codes[0]!) }),
      await up('free-wrong@example.com', { code: wrongOf(codes[1]!) }),
    ];
    assert.deepEqual(answer(wrong[0]!), answer(wrong[1]!));
    assert.equal(wrong[0]!.status, 422);
    assert.match(JSON.stringify(wrong[0]!.body), /Invalid verification code/);
    assert.equal((await call(`${api}/auth/sign_in`, { body: { email: 'free-nocode@example.com', password: 'right-pass1' } })).status, 401);
    assert.equal((await call(`${api}/auth/sign_in`, { body: { email: 'free-wrong@example.com', password: 'right-pass1' } })).status, 401);
    // The right code creates the account, its e-mail proven.
    const made = await up('free-wrong@example.com', { code: codes[1] });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.equal(made.body.data.is_verified, true);
  });

  test('sign-ups per client address', async () => {
    const max = LIMITS.sign_up_address[0]!.max;
    const up = (i: number) =>
      call(`${api}/auth`, {
        body: { email: 'patient@haven.test', password: 'right-pass1', verification_token: `bogus-${i}` },
        headers: from('203.0.113.9'),
      });
    for (let i = 0; i < max; i++) assert.equal((await up(i)).status, 422);
    assert.equal((await up(max)).status, 429);
    // Another address is not held by it.
    assert.equal(
      (await call(`${api}/auth`, { body: { email: 'patient@haven.test', password: 'right-pass1' }, headers: from('198.51.100.9') })).status,
      422,
    );
  });
});
