// The patient's account over real HTTP: profiles and added members, e-mail/phone changes
// confirmed by a code, documents (type by content, owner only), closing the account.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { as, boot, call, freshPatient as fresh, signIn, waitForOutbox, type Session } from './helpers.js';
import { assertClientError } from './assert-helpers.js';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';

let srv: Awaited<ReturnType<typeof boot>>;
let api: string;
let filesDir: string;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
// The first bytes of a Windows program (MZ header), named .pdf by whoever uploads it.
const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00', 'latin1'),
  Buffer.alloc(120),
  Buffer.from('PE\x00\x00', 'latin1'),
  Buffer.alloc(200),
]);

before(async () => {
  filesDir = await mkdtemp(join(tmpdir(), 'haven-files-test-'));
  process.env.HAVEN_FILES_DIR = filesDir;
  srv = await boot();
  api = srv.api;
});
after(async () => {
  await srv.close();
});

let seq = 0;
const freshPatient = () => fresh(api, 'acct');

async function upload(s: Session, bytes: Buffer, fileName: string, kind = 'document') {
  return as(s, `${api}/customers/documents?kind=${kind}&file_name=${encodeURIComponent(fileName)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    raw: bytes as unknown as string,
  });
}

describe('profiles', () => {
  test('a second profile is created, listed, switched to and deleted; the deleted one no longer works', async () => {
    const me = await freshPatient();
    const created = await as(me, `${api}/customers/profiles`, {
      method: 'POST',
      body: { kind: 'profile', first_name: 'Mira', last_name: 'Test', date_of_birth: '2015-03-04', relationship: 'child' },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.equal(created.body.data.is_secondary_profile, true);
    const list = await as(me, `${api}/customers/profiles`);
    assert.deepEqual(
      list.body.data.map((p: { first_name: string }) => p.first_name),
      ['Asha', 'Mira'],
    );
    assert.equal(list.body.meta.is_multi_profile_user, true);
    const session = await as(me, `${api}/customers/profiles/${created.body.data.uuid}/session`, { method: 'POST' });
    const token = session.headers.get('secondary-profile-access-token');
    assert.ok(token);
    assert.equal(
      (await as(me, `${api}/customers/profile_info`, { headers: { 'secondary-profile-access-token': token } })).body.data.first_name,
      'Mira',
    );
    // A secondary profile cannot add profiles, change identifiers or close the account.
    assertClientError(
      await as(me, `${api}/customers/profiles`, {
        method: 'POST',
        body: { kind: 'profile', first_name: 'X' },
        headers: { 'secondary-profile-access-token': token },
      }),
      422,
      'Switch back',
    );

    assert.equal((await as(me, `${api}/customers/profiles/${created.body.data.uuid}`, { method: 'DELETE' })).status, 200);
    assert.equal((await as(me, `${api}/customers/profiles`)).body.data.length, 1);
    assertClientError(await as(me, `${api}/customers/profile_info`, { headers: { 'secondary-profile-access-token': token } }), 401);
    assertClientError(await as(me, `${api}/customers/profiles/${created.body.data.uuid}`, { method: 'DELETE' }), 404);
  });

  test("another account's profile, and my own primary profile, cannot be deleted (404)", async () => {
    const me = await freshPatient();
    const other = await freshPatient();
    const created = await as(me, `${api}/customers/profiles`, { method: 'POST', body: { kind: 'profile', first_name: 'Kid' } });
    assertClientError(await as(other, `${api}/customers/profiles/${created.body.data.uuid}`, { method: 'DELETE' }), 404);
    assertClientError(await as(me, `${api}/customers/profiles/${String(me.user.uuid)}`, { method: 'DELETE' }), 404);
    assertClientError(await as(other, `${api}/customers/profiles/${created.body.data.uuid}/session`, { method: 'POST' }), 404);
  });

  test('added members stop at the plan cap (Acme: 3); a b2c patient has no member place at all', async () => {
    // A new Acme employee of the test's own (the partner vouches for the e-mail).
    const acmeUuid = '6f1c2d3e-4a5b-4c6d-8e7f-a1b2c3d4e5f6';
    const email = `acme-${process.pid}@acme.test`;
    const { jwt_token } = (await call(`${api}/dev/partner_token?company_profile_uuid=${acmeUuid}&email=${encodeURIComponent(email)}`))
      .body as { jwt_token: string };
    const link = await call(`${api}/b2b_link`, { body: { jwt_token, company_profile_uuid: acmeUuid } });
    assert.equal(link.status, 200);
    const emp: Session = {
      headers: { 'access-token': link.headers.get('access-token')!, client: link.headers.get('client')!, uid: link.headers.get('uid')! },
      user: link.body.data,
    };
    for (let i = 1; i <= 3; i++) {
      assert.equal(
        (await as(emp, `${api}/customers/profiles`, { method: 'POST', body: { kind: 'member', first_name: `Member ${i}` } })).status,
        200,
      );
    }
    assertClientError(
      await as(emp, `${api}/customers/profiles`, { method: 'POST', body: { kind: 'member', first_name: 'One too many' } }),
      422,
      'as many members',
    );
    const members = await as(emp, `${api}/customers/members`);
    assert.deepEqual(members.body.meta, { show_add_member: true, added_member_count: 3, max_member_count: 3 });
    assert.equal((await as(emp, `${api}/customers/app_visibility_v2`)).body.added_member_count, 3);
    const b2c = await freshPatient();
    assertClientError(
      await as(b2c, `${api}/customers/profiles`, { method: 'POST', body: { kind: 'member', first_name: 'M' } }),
      422,
      'as many members',
    );
  });
});

describe('profile details', () => {
  test('the time zone is an IANA name the patient chooses; an unknown one is refused', async () => {
    const me = await freshPatient();
    assert.equal((await as(me, `${api}/customers/profile_info`)).body.data.timezone, null);
    const r = await as(me, `${api}/customers/profile_info`, { method: 'PUT', body: { timezone: 'Europe/London' } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.timezone, 'Europe/London');
    assertClientError(
      await as(me, `${api}/customers/profile_info`, { method: 'PUT', body: { timezone: 'Mars/Olympus' } }),
      400,
      'timezone',
    );
  });
});

describe('e-mail and phone changes', () => {
  test('a new number takes effect only with the code sent to it; a wrong code changes nothing', async () => {
    const me = await freshPatient();
    const r = await as(me, `${api}/customers/contact_change`, {
      method: 'POST',
      body: { kind: 'phone', country_code: '91', mobile: '9811122233' },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal((await as(me, `${api}/customers/profile_info`)).body.data.mobile, null, 'not before the code');
    assertClientError(
      await as(me, `${api}/customers/contact_change/verify`, { method: 'POST', body: { kind: 'phone', code: '000000' } }),
      422,
      'Invalid verification code',
    );
    const code = (await waitForOutbox(api, '+919811122233', 'sms')).body.data[0].code as string;
    const ok = await as(me, `${api}/customers/contact_change/verify`, { method: 'POST', body: { kind: 'phone', code } });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.data.mobile, '9811122233');
    // Now proven: a direct edit does not replace it; it starts a change whose code goes to the new number.
    const edit = await as(me, `${api}/customers/profile_info`, { method: 'PUT', body: { mobile: '9811122244', country_code: '91' } });
    assert.equal(edit.status, 200, JSON.stringify(edit.body));
    assert.equal(edit.body.data.mobile, '9811122233');
    assert.equal(edit.body.contact_change.kind, 'phone');
    // The code was for one use.
    assertClientError(await as(me, `${api}/customers/contact_change/verify`, { method: 'POST', body: { kind: 'phone', code } }), 422);
  });

  test('a new e-mail: the code goes to the new address; a second send within 30 s is rate-limited', async () => {
    const me = await freshPatient();
    const to = `new-${process.pid}-${++seq}@haven.test`;
    assert.equal(
      (await as(me, `${api}/customers/contact_change`, { method: 'POST', body: { kind: 'email', email: to.toUpperCase() } })).status,
      200,
    );
    const again = await as(me, `${api}/customers/contact_change`, { method: 'POST', body: { kind: 'email', email: to } });
    assert.equal(again.status, 429);
    assert.ok(Number(again.headers.get('retry-after')) > 0);
    const code = (await waitForOutbox(api, to, 'email')).body.data[0].code as string;
    const ok = await as(me, `${api}/customers/contact_change/verify`, { method: 'POST', body: { kind: 'email', code } });
    assert.equal(ok.body.data.email, to);
  });
});

describe('documents', () => {
  test('upload, list and download by the owner only; another account gets 404; delete removes the bytes', async () => {
    const me = await freshPatient();
    const other = await freshPatient();
    const up = await upload(me, PDF, 'report.pdf');
    assert.equal(up.status, 200, JSON.stringify(up.body));
    assert.equal(up.body.data.content_type, 'application/pdf');
    assert.equal(up.body.data.size_bytes, PDF.length);
    assert.match(up.body.data.sha256, /^[0-9a-f]{64}$/);
    const uuid = up.body.data.uuid as string;
    assert.deepEqual(
      (await as(me, `${api}/customers/documents`)).body.data.map((d: { uuid: string }) => d.uuid),
      [uuid],
    );
    const file = await fetch(`${api}/customers/documents/${uuid}/file`, { headers: me.headers });
    assert.equal(file.status, 200);
    assert.deepEqual(Buffer.from(await file.arrayBuffer()), PDF);
    assert.match(file.headers.get('content-disposition') ?? '', /report\.pdf/);
    // The bytes live outside the database, named by their hash.
    assert.ok((await readdir(join(filesDir, up.body.data.sha256.slice(0, 2)))).includes(up.body.data.sha256));

    assertClientError(await as(other, `${api}/customers/documents/${uuid}/file`), 404);
    assertClientError(await as(other, `${api}/customers/documents/${uuid}`, { method: 'DELETE' }), 404);
    assert.equal((await as(other, `${api}/customers/documents`)).body.data.length, 0);
    assert.equal((await call(`${api}/customers/documents/${uuid}/file`)).status, 401);

    assert.equal((await as(me, `${api}/customers/documents/${uuid}`, { method: 'DELETE' })).status, 200);
    assertClientError(await as(me, `${api}/customers/documents/${uuid}/file`), 404);
    assert.ok(!(await readdir(join(filesDir, up.body.data.sha256.slice(0, 2)))).includes(up.body.data.sha256));
  });

  test('the type is read from the bytes: an .exe renamed .pdf and an unknown binary are refused with the spec text; plain text is accepted', async () => {
    const me = await freshPatient();
    assertClientError(await upload(me, EXE, 'invoice.pdf'), 422, 'Please upload valid file format.');
    assertClientError(await upload(me, Buffer.from([0, 1, 2, 3, 4, 5]), 'data.txt'), 422, 'Please upload valid file format.');
    assertClientError(await upload(me, Buffer.alloc(0), 'empty.txt'), 422, 'Please upload valid file format.');
    assert.equal((await as(me, `${api}/customers/documents`)).body.data.length, 0);
    const txt = await upload(me, Buffer.from('Blood pressure 120/80\nNext check in May\n'), 'notes.txt', 'identity');
    assert.equal(txt.status, 200);
    assert.equal(txt.body.data.kind, 'identity');
  });

  test('a document belongs to the profile it was uploaded as', async () => {
    const me = await freshPatient();
    const kid = await as(me, `${api}/customers/profiles`, { method: 'POST', body: { kind: 'profile', first_name: 'Kid' } });
    const token = (await as(me, `${api}/customers/profiles/${kid.body.data.uuid}/session`, { method: 'POST' })).headers.get(
      'secondary-profile-access-token',
    )!;
    const up = await as(me, `${api}/customers/documents?kind=document&file_name=kid.pdf`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'secondary-profile-access-token': token },
      raw: PDF as unknown as string,
    });
    assert.equal(up.status, 200);
    assert.equal((await as(me, `${api}/customers/documents`)).body.data.length, 0, 'not in the primary profile');
    assert.equal(
      (await as(me, `${api}/customers/documents`, { headers: { 'secondary-profile-access-token': token } })).body.data.length,
      1,
    );
  });
});

describe('emergency and parent contacts', () => {
  const contact = (s: Session, kind: string, body: unknown, headers: Record<string, string> = {}) =>
    as(s, `${api}/customers/emergency_contact/${kind}`, { method: 'PUT', body, headers });

  test('an emergency contact is saved with the name rule and an E.164 number, replaced, listed only to its owner and removed (404 for anyone else)', async () => {
    const [me, other] = await Promise.all([freshPatient(), freshPatient()]);
    assertClientError(
      await contact(me, 'emergency', { name: '1234', relation: 'Sister', country_code: '91', mobile: '9876543210' }),
      422,
      /name with letters/,
    );
    assertClientError(await contact(me, 'emergency', { name: 'Asha Rao', relation: 'Sister', country_code: '91', mobile: '12' }), 400);
    assertClientError(
      await contact(me, 'emergency', { name: 'Asha Rao', relation: 'Sister', country_code: '91', mobile: '98765' }),
      422,
      /not a phone number/,
    );
    const saved = await contact(me, 'emergency', { name: ' Asha  Rao ', relation: 'Sister', country_code: '+91', mobile: '98765 43210' });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.deepEqual(
      [saved.body.data.name, saved.body.data.phone_e164, saved.body.data.mobile],
      ['Asha Rao', '+919876543210', '9876543210'],
    );
    const replaced = await contact(me, 'emergency', { name: 'Ravi Rao', relation: 'Brother', country_code: '44', mobile: '7700 900123' });
    assert.equal(replaced.body.data.phone_e164, '+447700900123');
    const mine = await as(me, `${api}/customers/emergency_contact`);
    assert.deepEqual(
      mine.body.data.map((c: { name: string }) => c.name),
      ['Ravi Rao'],
    );
    assert.equal(mine.body.meta.parent_contact_applies, false);
    assert.deepEqual((await as(other, `${api}/customers/emergency_contact`)).body.data, []);
    assertClientError(await as(other, `${api}/customers/emergency_contact/${replaced.body.data.uuid}`, { method: 'DELETE' }), 404);
    assert.equal((await as(me, `${api}/customers/emergency_contact/${replaced.body.data.uuid}`, { method: 'DELETE' })).status, 200);
    assert.deepEqual((await as(me, `${api}/customers/emergency_contact`)).body.data, []);
  });

  test('a parent contact is kept only for a profile under 18', async () => {
    const me = await freshPatient();
    assertClientError(
      await contact(me, 'parent', { name: 'Mum', relation: 'Mother', country_code: '91', mobile: '9876543210' }),
      422,
      /only for a profile under 18/,
    );
    const kid = await as(me, `${api}/customers/profiles`, {
      method: 'POST',
      body: { kind: 'profile', first_name: 'Kid', date_of_birth: `${new Date().getFullYear() - 10}-01-01`, relationship: 'child' },
    });
    const token = (await as(me, `${api}/customers/profiles/${kid.body.data.uuid}/session`, { method: 'POST' })).headers.get(
      'secondary-profile-access-token',
    )!;
    const asKid = { 'secondary-profile-access-token': token };
    const parent = await contact(me, 'parent', { name: 'Mum', relation: 'Mother', country_code: '91', mobile: '9876543210' }, asKid);
    assert.equal(parent.status, 200, JSON.stringify(parent.body));
    const kids = await as(me, `${api}/customers/emergency_contact`, { headers: asKid });
    assert.equal(kids.body.meta.parent_contact_applies, true);
    assert.deepEqual(
      kids.body.data.map((c: { kind: string }) => c.kind),
      ['parent'],
    );
    assert.deepEqual((await as(me, `${api}/customers/emergency_contact`)).body.data, [], 'not on the primary profile');
  });
});

describe('closing the account', () => {
  test('type to confirm and a code: then every device is signed out and the password no longer signs in', async () => {
    const me = await freshPatient();
    const otherDevice = await signIn(api, me.email);
    await upload(me, PDF, 'mine.pdf');
    const sent = await as(me, `${api}/customers/permanent_account_disable/code`, { method: 'POST' });
    assert.equal(sent.status, 200);
    const code = (await waitForOutbox(api, me.email, 'email')).body.data[0].code as string;
    assertClientError(
      await as(me, `${api}/customers/permanent_account_disable`, { method: 'POST', body: { confirm: 'close', code } }),
      400,
    );
    assertClientError(
      await as(me, `${api}/customers/permanent_account_disable`, { method: 'POST', body: { confirm: 'CLOSE', code: '000000' } }),
      422,
      'Invalid verification code',
    );
    const closed = await as(me, `${api}/customers/permanent_account_disable`, { method: 'POST', body: { confirm: 'CLOSE', code } });
    assert.equal(closed.status, 200, JSON.stringify(closed.body));
    for (const s of [me, otherDevice]) {
      // 401 (the uid, an e-mail, is gone) or 403 is_device_logged_out: both end the session in the client (product rules, Session loss).
      const r = await as(s, `${api}/customers/profile_info`);
      assert.ok(r.status === 401 || (r.status === 403 && r.body.is_device_logged_out === true), `${r.status} ${JSON.stringify(r.body)}`);
    }
    assertClientError(await call(`${api}/auth/sign_in`, { body: { email: me.email, password: DEMO_PASSWORD } }), 401);
  });
});
