import { type Provider } from '@haven/shared';
import { bookingLink, useHavenStore } from '@haven/shared';
import { isClinicianFacingProvider, roleLabels, type PatientPricing, providerProfilePath } from '@haven/shared/booking-rules';
import { ProviderFacts } from './ProviderFacts';
import { ProviderPortrait } from './ProviderPortrait';
import { NextTimes } from './NextTimes';

export interface ProviderCardProps {
  provider: Provider;
  zone: string;
  /** The patient's currency, decided once from their location. */
  pricing: PatientPricing;
  /** Above the fold (the list's first cards): the portrait is fetched at once, the others lazily. */
  eager?: boolean;
}

/** Where "Book" leads: the booking-link rule (step=1, stored company). */
export function bookHref(uuid: string): string {
  return bookingLink(`/booking?provider=${encodeURIComponent(uuid)}`, localStorage.getItem('company'));
}

/** "M.Phil. Clinical Psychology · Rehabilitation Council of India A21874": what they studied and where they are registered. */
export function credentialsText(p: Pick<Provider, 'qualification' | 'registration'>): string | null {
  const parts = [p.qualification, p.registration ? `Reg. ${p.registration.council} ${p.registration.number}` : null].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/**
 * A provider a patient can choose from: portrait, name, role, qualification and registration, their
 * approach, the price line, years, languages, concerns, the next three free times (each opens booking at
 * it), what a patient said, and Book. Offers and coupon codes are the list's, shown once above it.
 */
export function ProviderCard({ provider, zone, pricing, eager = false }: ProviderCardProps) {
  const name = `${provider.firstname} ${provider.lastname}`;
  const headingId = `hv-provider-${provider.uuid}`;
  const credentials = credentialsText(provider);
  const said = provider.testimonials?.[0];
  // "Your organisation" means something only to a signed-in member of one (never to a visitor).
  const inOrganisation = useHavenStore((s) => Boolean(s.auth.user?.organisation_id));
  return (
    <article className="hv-provider-card" aria-labelledby={headingId} data-testid="provider-card">
      <div className="hv-provider-card__head">
        <ProviderPortrait provider={provider} eager={eager} />
        <div className="hv-provider-card__who">
          <h2 id={headingId} className="hv-provider-card__name">
            <a href={providerProfilePath(provider.uuid)}>{name}</a>
          </h2>
          <p className="hv-provider-card__roles">{roleLabels(provider.roles).join(' · ')}</p>
          {credentials && (
            <p className="hv-provider-card__credentials" data-testid="provider-credentials">
              {credentials}
            </p>
          )}
        </div>
      </div>
      {provider.approach && <p className="hv-provider-card__approach">{provider.approach}</p>}
      {inOrganisation && isClinicianFacingProvider(provider.roles) && (
        <p className="hv-provider-card__note">Part of your organisation&apos;s care team</p>
      )}
      <ProviderFacts provider={provider} pricing={pricing} />
      <NextTimes provider={provider} zone={zone} headingId={`${headingId}-times`} />
      {said && (
        <figure className="hv-provider-card__said">
          <blockquote>{said.body}</blockquote>
          <figcaption>
            {said.author_label} · <span aria-label={`Rated ${said.rating} out of 5`}>{'★'.repeat(said.rating)}</span>
          </figcaption>
        </figure>
      )}
      <a className="hv-button-link" href={bookHref(provider.uuid)} aria-label={`Book a session with ${name}`}>
        Book a session
      </a>
    </article>
  );
}
