import type { PartnerPackage, ProviderRef } from './api/package-calls';

export function sessionsLeftLabel(p: Pick<PartnerPackage, 'sessions_left' | 'sessions_total'>): string {
  const noun = p.sessions_total === 1 ? 'session' : 'sessions';
  return `${p.sessions_left} of ${p.sessions_total} sponsored ${noun} left`;
}

export function providerName(p: ProviderRef): string {
  return `${p.firstname} ${p.lastname}`.trim();
}

/**
 * Booking with the package starts in the provider list filtered to every type the package covers (the list's
 * `type` filter takes several, comma-separated): the employee chooses among the providers their package books,
 * each shown "Covered by" their company at ₹0, rather than being sent to one provider.
 */
export function bookWithPackageHref(p: Pick<PartnerPackage, 'covered_roles'>): string {
  return p.covered_roles.length ? `/providers?type=${p.covered_roles.map(encodeURIComponent).join(',')}` : '/providers';
}
