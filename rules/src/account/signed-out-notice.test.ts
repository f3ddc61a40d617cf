import { parseSignedOutCause, signedOutCause, signedOutNoticeText, type SignedOutCause } from './signed-out-notice';

describe('why a tab was signed out', () => {
  test.each<[number, SignedOutCause]>([
    [403, 'elsewhere'],
    [401, 'expired'],
  ])('a refused session %i is %s', (status, cause) => expect(signedOutCause(status)).toBe(cause));

  test.each<[SignedOutCause, string]>([
    ['elsewhere', 'You were signed out in another tab or window. Log in again to carry on.'],
    ['expired', 'Your session has ended. Log in again to carry on.'],
  ])('%s reads %s', (cause, text) => expect(signedOutNoticeText(cause)).toBe(text));

  test.each<[string | null, SignedOutCause | null]>([
    ['elsewhere', 'elsewhere'],
    ['expired', 'expired'],
    [null, null],
    ['', null],
    ['user', null],
  ])('stored %p reads back as %p', (raw, cause) => expect(parseSignedOutCause(raw)).toBe(cause));
});
