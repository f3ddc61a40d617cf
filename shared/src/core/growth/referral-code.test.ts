import { captureReferralCode, clearReferralCode, REFERRAL_CODE_KEY, storedReferralCode } from './referral-code';

describe('referral code of a visit', () => {
  beforeEach(() => window.localStorage.clear());

  it.each([
    ['?utm_medium=referral_unpaid&ref=ABCD2345', 'ABCD2345'],
    ['?ref=abcd2345', 'ABCD2345'],
    ['?ref=short', undefined],
    ['?ref=<script>', undefined],
    ['?ref=ABCD2345X', undefined],
    ['', undefined],
  ])('%s keeps %s', (search, kept) => {
    captureReferralCode(search);
    expect(storedReferralCode()).toBe(kept);
  });

  it('a later visit without a code keeps the earlier one; clearing forgets it', () => {
    captureReferralCode('?ref=ABCD2345');
    captureReferralCode('?utm_source=x');
    expect(window.localStorage.getItem(REFERRAL_CODE_KEY)).toBe('ABCD2345');
    clearReferralCode();
    expect(storedReferralCode()).toBeUndefined();
  });
});
