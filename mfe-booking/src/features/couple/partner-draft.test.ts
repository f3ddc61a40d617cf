import type { CountryCode } from '@haven/shared/form-kit';
import { draftOf, EMPTY_PARTNER, partnerBody, partnerErrors, PHONE_MESSAGE, readPartnerDraft, writePartnerDraft } from './partner-draft';

const countries: CountryCode[] = [
  { label: 'Indian', value: 'IN', country: 'India', dialCode: '+91', dialCodes: ['+91'], phoneLength: 10 },
  { label: 'American', value: 'US', country: 'United States', dialCode: '+1', dialCodes: ['+1'], phoneLength: 10 },
  { label: 'Emirati', value: 'AE', country: 'United Arab Emirates', dialCode: '+971', dialCodes: ['+971'], phoneLength: 9 },
];

describe('partnerErrors', () => {
  it.each([
    ['name and e-mail', { ...EMPTY_PARTNER, name: 'Sameer', email: 'sameer@example.com' }, {}],
    ['name and an Indian mobile', { ...EMPTY_PARTNER, name: 'Sameer', mobile: '98123 45678' }, {}],
    ['an Indian mobile starting 1', { ...EMPTY_PARTNER, name: 'Sameer', mobile: '1812345678' }, { mobile: PHONE_MESSAGE }],
    ['a US number', { ...EMPTY_PARTNER, name: 'Sam', country: 'US', mobile: '2025550143' }, {}],
    ['no name', { ...EMPTY_PARTNER, email: 'sameer@example.com' }, { name: expect.stringMatching(/name/) }],
    ['no way to reach them', { ...EMPTY_PARTNER, name: 'Sameer' }, { email: expect.stringMatching(/e-mail address or mobile number/) }],
    ['a wrong e-mail', { ...EMPTY_PARTNER, name: 'Sameer', email: 'sameer@x' }, { email: expect.stringMatching(/valid e-mail/) }],
  ])('%s', (_case, draft, expected) => {
    expect(partnerErrors(draft, countries)).toEqual(expected);
  });
});

describe('partnerBody and draftOf', () => {
  it('sends the dial code and the digits; empty fields as null', () => {
    expect(partnerBody({ name: ' Sameer ', email: '', country: 'AE', mobile: '50-123 4567' }, countries)).toEqual({
      name: 'Sameer',
      email: null,
      country_code: '971',
      mobile: '501234567',
    });
  });
  it.each([
    ['+919812345678', 'IN', '9812345678'],
    ['+971501234567', 'AE', '501234567'],
    ['+12025550143', 'US', '2025550143'],
  ])('splits %s by its dial code', (mobile, country, national) => {
    expect(draftOf({ uuid: 'u', name: 'S', email: null, mobile, invited_at: null }, countries)).toEqual({
      name: 'S',
      email: '',
      country,
      mobile: national,
    });
  });
});

describe('the draft in session storage', () => {
  it('is kept per provider and cleared', () => {
    writePartnerDraft('p1', { ...EMPTY_PARTNER, name: 'Sameer' });
    expect(readPartnerDraft('p1').name).toBe('Sameer');
    expect(readPartnerDraft('p2')).toEqual(EMPTY_PARTNER);
    writePartnerDraft('p1', null);
    expect(readPartnerDraft('p1')).toEqual(EMPTY_PARTNER);
  });
});
