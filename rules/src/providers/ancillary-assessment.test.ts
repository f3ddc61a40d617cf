import { ancillaryFee, ancillaryModes } from './ancillary-assessment';

const base = { currency: 'INR', online_fee: null, offline_fee: null, commercials: null };

describe('ancillaryFee (product rules, Providers and fees: fee rule on the assessment fees)', () => {
  it.each([
    ['online only', { ...base, online_fee: 4500 }, undefined, { text: '₹4,500', mode: 'online', minimumFee: 4500 }],
    [
      'both, no commercials: online is shown',
      { ...base, online_fee: 4500, offline_fee: 3000 },
      undefined,
      { text: '₹4,500', mode: 'online', minimumFee: 4500 },
    ],
    [
      'both with commercials: the lower wins',
      { ...base, online_fee: 4500, offline_fee: 3000, commercials: { medium: 'app' } },
      undefined,
      { text: '₹3,000', mode: 'offline', minimumFee: 3000 },
    ],
    [
      'one mode asked for',
      { ...base, online_fee: 4500, offline_fee: 3000 },
      'offline' as const,
      { text: '₹3,000', mode: 'offline', minimumFee: 3000 },
    ],
    ['USD', { ...base, currency: 'USD', online_fee: 200 }, undefined, { text: '$200', mode: 'online', minimumFee: 200 }],
  ])('%s', (_name, offering, mode, expected) => {
    expect(ancillaryFee(offering, mode)).toEqual({ ...expected, sessionType: 'individual' });
  });

  it.each([
    ['a fee of 0 is not shown', { ...base, online_fee: 0 }, undefined],
    ['a mode not offered has no fee', { ...base, online_fee: 4500 }, 'offline' as const],
  ])('%s', (_name, offering, mode) => {
    expect(ancillaryFee(offering, mode)).toBeNull();
  });
});

describe('ancillaryModes', () => {
  it.each([
    [{ online_fee: 4500, offline_fee: null }, ['online']],
    [{ online_fee: 0, offline_fee: 3000 }, ['online', 'offline']],
    [{ online_fee: null, offline_fee: 3000 }, ['offline']],
  ])('%j -> %j', (o, modes) => expect(ancillaryModes(o)).toEqual(modes));
});
