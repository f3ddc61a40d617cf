// Employer SSO domain rule (the product's "SSO domain check"), one leaf module (no imports) that the web
// client and the api both use: which e-mails are worth a domain check, which registered domains an
// e-mail's domain falls under, and whether an identity provider may vouch for an e-mail.

/** Public mailbox providers: nobody's employer; never sent to the domain check. */
export const PUBLIC_MAILBOX_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.in',
  'ymail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'rediffmail.com',
  'zoho.com',
  'gmx.com',
  'mail.com',
];

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The lower-cased domain of an e-mail whose domain is a DNS name of two labels or more; else null. */
export function emailDomain(email: string): string | null {
  const value = email.trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at < 1 || value.length > 254) return null;
  const domain = value.slice(at + 1);
  const labels = domain.split('.');
  if (labels.length < 2 || domain.length > 253 || !labels.every((label) => LABEL.test(label))) return null;
  if (!/^[a-z]{2,25}$/.test(labels[labels.length - 1]!)) return null;
  return domain;
}

/** The domain to ask about, or null: not an e-mail yet, or a public mailbox (never anyone's company). */
export function ssoDomainToCheck(email: string): string | null {
  const domain = emailDomain(email);
  if (!domain) return null;
  return PUBLIC_MAILBOX_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`)) ? null : domain;
}

/**
 * The registered domains an e-mail domain falls under, most specific first: the domain itself and each
 * parent with at least two labels (eu.contoso.com → eu.contoso.com, contoso.com; never "com").
 */
export function domainCandidates(domain: string): string[] {
  const labels = domain.split('.');
  const out: string[] = [];
  for (let i = 0; i <= labels.length - 2; i += 1) out.push(labels.slice(i).join('.'));
  return out;
}

/** An employer's identity provider vouches only for e-mails of its own domain (or its subdomains). */
export function emailBelongsToDomain(email: string, domain: string): boolean {
  const own = emailDomain(email);
  return own !== null && domainCandidates(own).includes(domain.toLowerCase());
}
