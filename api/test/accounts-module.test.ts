// The accounts module on its own: where a time zone places a person (table), consents made on first
// read and changed field by field, and a profile's contacts and referrals reachable only by their owner.
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  consentsOf,
  contactsOf,
  locationOf,
  recordDocReferral,
  removeContact,
  saveContact,
  updateAiConsent,
} from '../src/accounts/index.js';
import { createUser, findUser, normalisePhone } from '../src/identity/index.js';
import { seededDb } from './module-db.js';

const { db } = seededDb();

describe('locationOf, the time zone alone (a request from this machine)', () => {
  const cases: Array<[string, string, boolean, boolean]> = [
    // zone, country, international, blacklisted
    ['Asia/Kolkata', 'IN', false, false],
    ['Asia/Calcutta', 'IN', false, false],
    ['Europe/London', 'GB', true, false],
    ['America/Toronto', 'CA', true, false],
    ['America/Chicago', 'US', true, false],
    ['America/Lima', 'US', true, false],
    ['Asia/Tehran', 'IR', true, true],
    ['UTC', 'IN', true, false],
    ['Africa/Nairobi', 'IN', true, false],
  ];
  for (const [zone, country, international, blacklisted] of cases) {
    test(`${zone}: ${country}${international ? ', international' : ''}${blacklisted ? ', blacklisted' : ''}`, () => {
      const l = locationOf({ address: '127.0.0.1', tz: zone, now: Date.parse('2026-01-15T12:00:00Z') });
      assert.deepEqual([l.country, l.timezone, l.is_international, l.is_blacklisted_country], [country, zone, international, blacklisted]);
      assert.match(l.display_timezone, new RegExp(`^\\(GMT[^)]*\\) ${zone.replace('/', '\\/')} - `));
    });
  }
});

test('consents: made on first read, and an AI consent change touches only the fields given', async () => {
  const u = await createUser(db(), { email: `consents-${process.pid}@example.com` }, randomUUID());
  await db().query(`DELETE FROM consents WHERE user_id = $1`, [u.id]);
  assert.equal((await db().query(`SELECT 1 FROM consents WHERE user_id = $1`, [u.id])).length, 0);
  const first = await consentsOf(db(), u.id);
  assert.equal(first.ai_consent, null);
  const after = await updateAiConsent(db(), u.id, { is_ai_consent_modal_viewed: true });
  assert.deepEqual(
    [after.ai_consent, after.is_ai_consent_modal_viewed, after.is_ai_consent_chip_viewed],
    [null, true, first.is_ai_consent_chip_viewed],
  );
});

test('contacts and referrals: only the owner reaches them', async () => {
  const owner = (await findUser(db(), 'email', 'patient@haven.test'))!;
  const other = await createUser(db(), { email: `other-${process.pid}@example.com` }, randomUUID());
  const c = await saveContact(db(), owner.id, 'emergency', {
    name: 'Asha Rao',
    relation: 'Sister',
    phone: normalisePhone('91', '9876543210'),
  });
  assert.equal(c.phone_e164, '+919876543210');
  assert.equal(await removeContact(db(), other.id, c.uuid), false, 'a second user cannot remove it');
  assert.ok((await contactsOf(db(), owner.id)).some((x) => x.uuid === c.uuid));
  assert.equal(await removeContact(db(), owner.id, c.uuid), true);
  assert.ok(!(await contactsOf(db(), owner.id)).some((x) => x.uuid === c.uuid));
  assert.equal(await recordDocReferral(db(), other.id, owner.uuid), false, 'a second user cannot mark it');
  assert.equal(await recordDocReferral(db(), owner.id, owner.uuid), true);
});
