import { BLOCKED_EMAIL_DOMAINS, emailProblem, isBlockedEmailDomain, isValidEmail } from './email';

describe('isValidEmail (product rules, Validation)', () => {
  it.each([
    ['asha@example.com', true],
    ['asha.rao@example.co.in', true],
    ['asha+care@example.com', true],
    ['asha_rao-1@sub.example.org', true],
    ['a@b.io', true],
    [`x@example.${'a'.repeat(25)}`, true],
    [`x@example.${'a'.repeat(26)}`, false],
    ['x@example.c', false],
    ['x@example.c0m', false],
    ['asha+@example.com', false],
    ['asha+a+b@example.com', false],
    ['asha@', false],
    ['@example.com', false],
    ['asha@example', false],
    ['asha example@example.com', false],
    ['asha@exa mple.com', false],
    ['asha@@example.com', false],
    ['.asha@example.com', false],
    ['asha..rao@example.com', false],
    ['asha@-example.com', false],
    ['', false],
  ])('%s → %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  it.each(BLOCKED_EMAIL_DOMAINS.map((d) => [d]))('a domain on the blocked list is invalid: %s', (domain) => {
    expect(isValidEmail(`someone@${domain}`)).toBe(false);
  });

  it('blocks subdomains of blocked domains and is case-insensitive', () => {
    expect(isBlockedEmailDomain('x@eu.Mailinator.COM')).toBe(true);
    expect(isBlockedEmailDomain('x@notmailinator.com')).toBe(false);
    expect(isValidEmail('x@example.com', ['example.com'])).toBe(false);
  });
});

describe('emailProblem: one message per kind of problem', () => {
  it.each([
    ['asha@example.com', null],
    ['  asha@example.com ', null],
    ['', 'missing'],
    ['   ', 'missing'],
    ['asha@', 'invalid'],
    ['asha@example', 'invalid'],
    ['someone@mailinator.com', 'blocked'],
    ['someone@eu.Yopmail.com', 'blocked'],
  ])('%j → %s', (email, problem) => {
    expect(emailProblem(email)).toBe(problem);
  });
});
