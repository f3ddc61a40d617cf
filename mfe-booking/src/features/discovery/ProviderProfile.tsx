import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { NotFoundPage, PageFrame, reportError, Spinner } from '@haven/shared';
import {
  concernLabel,
  providerListHref,
  providerPageDescription,
  providerProfilePath,
  roleLabels,
  useBookingOptions,
  usePatientPricing,
} from '@haven/shared/booking-rules';
import { usePatientZone, zoneName } from '@haven/shared/session-times';
import { LoadFailed } from '@haven/shared/design';
import { PlanNotice } from '../planvis/PlanNotice';
import { planRefusal } from '../planvis/plan-refusal';
import { ProviderFacts } from './ProviderFacts';
import { fetchPublicProfile, type PublicProfile } from './api/search-providers';
import { bookHref, credentialsText } from './ProviderCard';
import { ProviderPortrait } from './ProviderPortrait';
import { NextTimes } from './NextTimes';
import { CouponCodes } from '../coupons/CouponCodes';
import { useListingCoupons } from '../coupons/useListingCoupons';
import './discovery.css';

/**
 * /provider/:uuid/ — the public profile (no sign-in): who they are, what they charge (product rules, Providers and fees), what they
 * help with (links to the list filtered by it), what patients say, when they are free, similar
 * providers, and a way to book. The build prerenders the same content for search engines
 * (docs/public-profiles.md); this page replaces it with live data.
 */
export function ProviderProfile() {
  const { uuid = '' } = useParams();
  const location = useLocation();
  const { zone } = usePatientZone();
  const pricing = usePatientPricing();
  const coupons = useListingCoupons();
  // The answer for one uuid; a stale answer (another uuid) counts as loading.
  const [answer, setAnswer] = useState<{ uuid: string; provider?: PublicProfile; failure?: 'not-found' | 'failed' } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchPublicProfile(uuid, controller.signal)
      .then((p) => setAnswer({ uuid, provider: p }))
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        // 404, or 400 for an address that is no provider id at all: there is no such provider.
        const status = (e as { response?: { status?: number } }).response?.status;
        const notFound = status === 404 || status === 400;
        if (!notFound) reportError(e, { area: 'provider-profile' });
        setAnswer({ uuid, failure: notFound ? 'not-found' : 'failed' });
      });
    return () => controller.abort();
  }, [uuid, attempt]);
  const provider = answer?.uuid === uuid ? (answer.provider ?? null) : null;
  const failure = answer?.uuid === uuid ? (answer.failure ?? null) : null;
  const retry = () => {
    setAnswer(null);
    setAttempt((n) => n + 1);
  };

  const name = provider ? `${provider.firstname} ${provider.lastname}` : 'Provider';
  // Plan visibility (product rules, Plan visibility): no way to book what the patient's plan excludes (the link waits for the plan).
  const plan = useBookingOptions();
  const refusal = provider && plan.ready ? planRefusal(plan.options, { providerRoles: provider.roles ?? [] }) : null;
  if (failure === 'not-found') return <NotFoundPage app="mfe-booking" />;
  return (
    <PageFrame
      title={name}
      description={provider ? providerPageDescription(provider) : undefined}
      app="mfe-booking"
      pathname={location.pathname}
    >
      {!provider && !failure && <Spinner label="Loading provider" />}
      {failure === 'failed' && <LoadFailed what="This provider" retry={retry} />}
      {provider && (
        <section className="hv-profile" aria-label={`About ${name}`}>
          <div className="hv-provider-card__head">
            <ProviderPortrait provider={provider} eager />
            <div className="hv-provider-card__who">
              <p className="hv-provider-card__roles">
                {(provider.roles ?? []).map((role, i) => (
                  <span key={role}>
                    {i > 0 ? ' · ' : ''}
                    <a href={providerListHref({ role })}>{roleLabels([role])[0]}</a>
                  </span>
                ))}
              </p>
              {credentialsText(provider) && (
                <p className="hv-provider-card__credentials" data-testid="provider-credentials">
                  {credentialsText(provider)}
                </p>
              )}
            </div>
          </div>
          {provider.approach && <p className="hv-provider-card__approach">{provider.approach}</p>}
          {provider.bio && <p>{provider.bio}</p>}
          <ProviderFacts provider={provider} pricing={pricing} concerns={false}>
            <div>
              <dt>Sessions</dt>
              <dd>{[provider.online_offering && 'Online', provider.offline_offering && 'In clinic'].filter(Boolean).join(', ')}</dd>
            </div>
            {/* A covered session costs nothing: no codes to enter. */}
            {!provider.covered_by && <CouponCodes provider={provider} pricing={pricing} {...coupons} />}
          </ProviderFacts>
          <p className="hv-discovery__zone">Times are shown in {zoneName(zone) ?? zone}.</p>
          <NextTimes provider={provider} zone={zone} headingId="next-times" />
          {refusal ? (
            <PlanNotice message={refusal} options={plan.options} />
          ) : (
            <a className="hv-button-link" href={bookHref(provider.uuid)} hidden={!plan.ready}>
              Book a session with {provider.firstname}
            </a>
          )}

          {provider.concerns?.length ? (
            <>
              <h2 id="helps-with">Helps with</h2>
              <ul className="hv-profile__tags" aria-labelledby="helps-with">
                {provider.concerns.map((c) => (
                  <li key={c}>
                    <a href={providerListHref({ concern: c })}>{concernLabel(c)}</a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}

          {provider.testimonials.length ? (
            <>
              <h2 id="testimonials">What patients say</h2>
              <ul className="hv-profile__testimonials" aria-labelledby="testimonials">
                {provider.testimonials.map((t) => (
                  <li key={`${t.published_at}-${t.author_label}`}>
                    <figure>
                      <blockquote>{t.body}</blockquote>
                      <figcaption>
                        {t.author_label} · <span aria-label={`Rated ${t.rating} out of 5`}>{'★'.repeat(t.rating)}</span>
                      </figcaption>
                    </figure>
                  </li>
                ))}
              </ul>
            </>
          ) : null}

          {provider.similar_providers.length ? (
            <>
              <h2 id="similar">Similar providers</h2>
              <ul className="hv-profile__similar" aria-labelledby="similar">
                {provider.similar_providers.map((s) => (
                  <li key={s.uuid}>
                    <Link to={providerProfilePath(s.uuid)}>
                      {s.firstname} {s.lastname}
                    </Link>{' '}
                    <span>({roleLabels(s.roles).join(', ')})</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      )}
    </PageFrame>
  );
}
