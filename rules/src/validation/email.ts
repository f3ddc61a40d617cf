// Product rules, Validation: "E-mail": local part with an optional plus part, domain whose top-level part has 2 to 25
// characters; a domain found on the blocked list is invalid.

/**
 * Disposable / throw-away mailbox providers. The spec names a blocked list without its content;
 * these are the widely abused ones. A subdomain of a blocked domain is blocked too.
 */
export const BLOCKED_EMAIL_DOMAINS: readonly string[] = [
  'mailinator.com',
  'yopmail.com',
  'guerrillamail.com',
  'guerrillamail.net',
  'sharklasers.com',
  '10minutemail.com',
  'tempmail.com',
  'temp-mail.org',
  'throwawaymail.com',
  'trashmail.com',
  'getnada.com',
  'dispostable.com',
  'maildrop.cc',
  'fakeinbox.com',
  'mailnesia.com',
  'moakt.com',
  'emailondeck.com',
  'mintemail.com',
  'mohmal.com',
  'tempail.com',
];

// local[+tag]@label(.label)*.tld — labels are letters/digits with inner hyphens, the TLD letters only.
const EMAIL = /^[A-Za-z0-9_.%-]+(?:\+[A-Za-z0-9_.%-]+)?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,25}$/;

/** The domain part of an e-mail address, lower-cased ('' when there is none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).toLowerCase();
}

export function isBlockedEmailDomain(email: string, blocked: readonly string[] = BLOCKED_EMAIL_DOMAINS): boolean {
  const domain = emailDomain(email);
  return blocked.some((b) => domain === b || domain.endsWith(`.${b}`));
}

export function isValidEmail(email: string, blocked: readonly string[] = BLOCKED_EMAIL_DOMAINS): boolean {
  const value = email.trim();
  if (!EMAIL.test(value)) return false;
  const local = value.slice(0, value.lastIndexOf('@'));
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  return !isBlockedEmailDomain(value, blocked);
}

export type EmailProblem = 'missing' | 'invalid' | 'blocked';

export const EMAIL_MESSAGES: Readonly<Record<EmailProblem, string>> = {
  missing: 'Enter your e-mail address',
  invalid: 'Enter a valid e-mail address',
  blocked: 'This looks like a temporary e-mail address. Please use a permanent one.',
};

/** Which e-mail message to show, so a blocked domain is not called "invalid". */
export function emailProblem(email: string, blocked: readonly string[] = BLOCKED_EMAIL_DOMAINS): EmailProblem | null {
  const value = email.trim();
  if (!value) return 'missing';
  if (isValidEmail(value, [])) return isBlockedEmailDomain(value, blocked) ? 'blocked' : null;
  return 'invalid';
}
