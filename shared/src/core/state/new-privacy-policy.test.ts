import { newPrivacyPolicyOf, policyDayLabel } from './new-privacy-policy';

const policy = { version: '2026-11-23', effective_date: '2026-11-23', url: '/privacy-policy', what_changed: 'What changed.' };

describe('newPrivacyPolicyOf: what the new-policy prompt may show', () => {
  it.each<[string, unknown, boolean]>([
    ['the api answer', policy, true],
    ['an https address', { ...policy, url: 'https://haven.example/privacy-policy' }, true],
    ['another host by a protocol-relative link', { ...policy, url: '//evil.example/p' }, false],
    ['a backslash path', { ...policy, url: '/\\evil.example' }, false],
    ['script', { ...policy, url: 'javascript:alert(1)' }, false],
    ['plain http', { ...policy, url: 'http://haven.example/p' }, false],
    ['a date that is not a day', { ...policy, effective_date: 'soon' }, false],
    ['a missing what_changed', { version: 'v', effective_date: '2026-11-23', url: '/p' }, false],
    ['nothing', null, false],
  ])('%s', (_, value, ok) => expect(newPrivacyPolicyOf(value) !== null).toBe(ok));

  it('extra fields are dropped', () => expect(newPrivacyPolicyOf({ ...policy, extra: 1 })).toEqual(policy));

  it('the day reads as written, in every zone', () => expect(policyDayLabel('2026-11-23')).toBe('23 Nov 2026'));
});
