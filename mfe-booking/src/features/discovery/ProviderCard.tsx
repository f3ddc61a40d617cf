import { type Provider } from '@haven/shared';
import { bookingLink, useHavenStore } from '@haven/shared';
import {
  isClinicianFacingProvider,
  roleLabels,
  type PatientPricing,
  type PublicCoupon,
  providerProfilePath,
} from '@haven/shared/booking-rules';
import { ProviderFacts } from './ProviderFacts';
import { CouponCodes } from '../coupons/CouponCodes';

export interface ProviderCardProps {
  provider: Provider;
  zone: string;
  /** The patient's currency, decided once from their location. */
  pricing: PatientPricing;
  /** Public coupons and whether cf_coupon_enabled shows them. */
  coupons: { enabled: boolean; coupons: PublicCoupon[] };
}

/** Where "Book" leads: the booking-link rule (step=1, stored company). */
export function bookHref(uuid: string): string {
  return bookingLink(`/booking?provider=${encodeURIComponent(uuid)}`, localStorage.getItem('company'));
}

/** Name, roles, earliest time in the patient's zone, the fee rule's fee and any offer. */
export function ProviderCard({ provider, zone, pricing, coupons }: ProviderCardProps) {
  const name = `${provider.firstname} ${provider.lastname}`;
  const headingId = `hv-provider-${provider.uuid}`;
  // "Your organisation" means something only to a signed-in member of one (never to a visitor).
  const inOrganisation = useHavenStore((s) => Boolean(s.auth.user?.organisation_id));
  return (
    <article className="hv-provider-card" aria-labelledby={headingId} data-testid="provider-card">
      <h2 id={headingId} className="hv-provider-card__name">
        <a href={providerProfilePath(provider.uuid)}>{name}</a>
      </h2>
      <p className="hv-provider-card__roles">{roleLabels(provider.roles).join(' · ')}</p>
      {inOrganisation && isClinicianFacingProvider(provider.roles) && (
        <p className="hv-provider-card__note">Part of your organisation&apos;s care team</p>
      )}
      <ProviderFacts provider={provider} zone={zone} pricing={pricing}>
        <CouponCodes provider={provider} pricing={pricing} {...coupons} />
      </ProviderFacts>
      <a className="hv-button-link" href={bookHref(provider.uuid)} aria-label={`Book a session with ${name}`}>
        Book a session
      </a>
    </article>
  );
}
