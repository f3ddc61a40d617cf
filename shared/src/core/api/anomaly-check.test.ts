import { ANOMALY_EXEMPT_ENDPOINTS, findAnomaly, supportNumbersOf } from './anomaly-check';

const me = { mobile: '9876543210', email: 'Me@Example.com' };
const support = ['+911800000001', '+911800000002', '+911800000003'];

test.each<[string, string, unknown, string | null]>([
  ['own mobile and e-mail', '/customers/profile', { data: { mobile: '+91 98765 43210', email: 'me@example.com' } }, null],
  ["another user's mobile", '/customers/profile', { data: { mobile: '9123456789' } }, 'mobile'],
  [
    "another user's phone_number nested in a list",
    '/providers/list',
    { data: [{ contact: { phone_number: '9000000000' } }] },
    'phone_number',
  ],
  ["another user's email variant", '/providers/list', { data: { user_email: 'someone@else.com' } }, 'user_email'],
  ['emailId variant', '/x', { emailId: 'x@y.com' }, 'emailId'],
  ['signature_url present', '/x', { signature_url: 'https://cdn/sig.png' }, 'signature_url'],
  ['documents present', '/x', { documents: [{ id: 1 }] }, 'documents'],
  ['summary present', '/x', { data: { summary: 'notes' } }, 'summary'],
  ['empty summary and documents', '/x', { summary: '', documents: [] }, null],
  ['boolean email flag is not contact data', '/x', { is_email_verified: true, mobile_verified: false }, null],
  ['null contact values', '/x', { mobile: null, email: '' }, null],
  ['support number', '/x', { phone: '+91 1800000002' }, null],
  ['exempt: upcomingsessions', '/customers/upcomingsessions', { mobile: '9123456789' }, null],
  ['exempt: sign_in', '/auth/sign_in', { email: 'a@b.com' }, null],
  ['exempt: validate_token', '/auth/validate_token?device_info=x', { email: 'a@b.com' }, null],
  ['exempt: customers/documents', '/customers/documents/5', { documents: [1] }, null],
  ['exempt: profile_info', '/customers/profile_info', { mobile: '1' }, null],
  ['exempt: my own record after a contact change', '/customers/contact_change/verify', { data: { email: 'new@me.test' } }, null],
  ['another answer with a new e-mail is still flagged', '/customers/profile', { data: { email: 'new@me.test' } }, 'email'],
  ['exempt: emergency_contact', '/customers/emergency_contact', { phone: '9111111111' }, null],
])('%s', (_name, path, data, field) => {
  const result = findAnomaly({ path, data, user: me, supportNumbers: support });
  expect(result?.field ?? null).toBe(field);
  if (field) expect(result?.message).toBe(`Anomaly detected in endpoint ${path}`);
});

test('no logged-in user: nothing to compare, no report', () => {
  expect(findAnomaly({ path: '/x', data: { email: 'a@b.com' }, user: null })).toBeNull();
});

test('every exempt endpoint of the anomaly check (product rules, Calls to the api) is listed', () => {
  for (const name of [
    'appvisibilityandorgpackages',
    'reschedule',
    'b2bbooking',
    'confirmb2bbooking',
    'createpackageandbooking',
    'customer_sessions',
    'upcomingsessions',
    'savecustomerassessment',
    'get_members',
    'customers/ih_clinics',
    'opd_registration_forms',
    'my_partner_details',
    'emergency_contact',
    'profile_info',
  ]) {
    expect(ANOMALY_EXEMPT_ENDPOINTS).toContain(name);
  }
});

test.each<[string, Parameters<typeof supportNumbersOf>[0], string[]]>([
  ['WhatsApp and phone of the runtime config', { whatsapp: '+442079460123', phone: '+442079460124' }, ['+442079460123', '+442079460124']],
  ['only a phone', { phone: '+442079460124' }, ['+442079460124']],
  [
    "every country's own numbers too",
    { phone: '+442079460124', byCountry: { IN: { whatsapp: '+912200000123', phone: '+912200000124' } } },
    ['+442079460124', '+912200000123', '+912200000124'],
  ],
  ['blank values are no number', { whatsapp: ' ', phone: '' }, []],
  ['no support configured', undefined, []],
])('support numbers: %s', (_, support, expected) => {
  expect(supportNumbersOf(support)).toEqual(expected);
});

test('without support numbers a phone in an answer is a leak (no made-up numbers are trusted)', () => {
  expect(findAnomaly({ path: '/x', data: { phone: '+910000000001' }, user: me })).toEqual({
    message: 'Anomaly detected in endpoint /x',
    field: 'phone',
  });
});

test('a deep or cyclic-looking huge answer does not hang', () => {
  let deep: Record<string, unknown> = { mobile: '9123456789' };
  for (let i = 0; i < 100; i += 1) deep = { child: deep };
  expect(findAnomaly({ path: '/x', data: deep, user: me })).toBeNull(); // beyond the depth bound
  const wide = { list: Array.from({ length: 20000 }, () => ({ a: 1 })) };
  expect(findAnomaly({ path: '/x', data: wide, user: me })).toBeNull();
});
