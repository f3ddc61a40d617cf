// Product rules, Attribution and analytics: users whose e-mail belongs to an internal company domain have analytics blocked.
export const INTERNAL_EMAIL_DOMAINS: readonly string[] = ['haven.care', 'haven.health'];

export function isInternalUser(email: string | null | undefined, domains: readonly string[] = INTERNAL_EMAIL_DOMAINS): boolean {
  if (!email) return false;
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  return domains.some((d) => domain === d || domain.endsWith(`.${d}`));
}
