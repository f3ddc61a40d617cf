import { bookingLink } from '@haven/shared';
import type { PartnerPackage, ProviderRef } from './api/package-calls';

/** 'therapy_6' → 'Therapy 6', 'b2b' → 'B2B'; the api's package codes read as words (short ones are abbreviations). */
export function readableCode(code: string | undefined): string {
  if (!code) return '';
  if (/^[a-z0-9]{1,3}$/i.test(code)) return code.toUpperCase();
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The package as a person reads it, never its internal codes: 'therapy_6' → '6 therapy sessions'
 * ('Therapy 6 (B2B)' said nothing to an employee); another code is read as words.
 */
export function packageName(subType: string | undefined): string {
  const counted = /^([a-z]+(?:[_-][a-z]+)*)[_-](\d+)$/i.exec(subType ?? '');
  if (!counted) return readableCode(subType);
  const n = Number(counted[2]);
  const what = counted[1]!.replace(/[_-]+/g, ' ').toLowerCase();
  return `${n} ${what} ${n === 1 ? 'session' : 'sessions'}`;
}

export function sessionsLeftLabel(p: Pick<PartnerPackage, 'sessions_left' | 'sessions_total'>): string {
  const noun = p.sessions_total === 1 ? 'session' : 'sessions';
  return `${p.sessions_left} of ${p.sessions_total} sponsored ${noun} left`;
}

export function providerName(p: ProviderRef): string {
  return `${p.firstname} ${p.lastname}`.trim();
}

/**
 * Booking with the package happens in the booking remote (product rules, Routes and redirects: booking links): with the
 * employee's own provider when there is one, else the provider list of what the package covers.
 */
export function bookWithPackageHref(p: PartnerPackage, storedCompany: string | null): string {
  const provider = p.org_package_for === 'package_coach' ? p.package_coach : (p.mytherapist ?? p.mypsychiatrist);
  if (provider) return bookingLink(`/booking?provider=${encodeURIComponent(provider.uuid)}`, storedCompany);
  return p.org_package_for === 'package_coach' ? '/providers?type=coach' : '/providers?type=therapist';
}
