import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { PageFrame, Spinner, reportError, roleLabels, type Provider } from '@haven/shared';
import { ProviderFacts } from './ProviderFacts';
import { usePatientZone } from '../common/usePatientZone';
import { fetchProvider } from './api/search-providers';
import { bookHref } from './ProviderCard';
import { CouponCodes } from '../coupons/CouponCodes';
import { useListingCoupons } from '../coupons/useListingCoupons';
import './discovery.css';

const words = (list: string[] | undefined) => (list ?? []).map((w) => w.replace(/-/g, ' ')).join(', ');

/** /provider/:uuid — who they are, what they charge (spec §5), when they are free, and a way to book. */
export function ProviderProfile() {
  const { uuid = '' } = useParams();
  const location = useLocation();
  const { zone, foreign } = usePatientZone();
  const coupons = useListingCoupons();
  // The answer for one uuid; a stale answer (another uuid) counts as loading.
  const [answer, setAnswer] = useState<{ uuid: string; provider?: Provider; error?: string } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchProvider(uuid, controller.signal)
      .then((p) => setAnswer({ uuid, provider: p }))
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        reportError(e, { area: 'provider-profile' });
        const notFound = (e as { response?: { status?: number } }).response?.status === 404;
        setAnswer({ uuid, error: notFound ? 'We could not find this provider.' : 'We could not load this provider. Please try again.' });
      });
    return () => controller.abort();
  }, [uuid]);
  const provider = answer?.uuid === uuid ? (answer.provider ?? null) : null;
  const error = answer?.uuid === uuid ? (answer.error ?? null) : null;

  const name = provider ? `${provider.firstname} ${provider.lastname}` : 'Provider';
  return (
    <PageFrame title={name} app="mfe-booking" pathname={location.pathname}>
      {!provider && !error && <Spinner label="Loading provider" />}
      {error && <p role="alert">{error}</p>}
      {provider && (
        <section className="hv-profile" aria-label={`About ${name}`}>
          <p className="hv-provider-card__roles">{roleLabels(provider.roles).join(' · ')}</p>
          {provider.bio && <p>{provider.bio}</p>}
          <ProviderFacts provider={provider} zone={zone} foreign={foreign}>
            {provider.languages?.length ? (
              <div>
                <dt>Languages</dt>
                <dd>{words(provider.languages)}</dd>
              </div>
            ) : null}
            {provider.concerns?.length ? (
              <div>
                <dt>Helps with</dt>
                <dd>{words(provider.concerns)}</dd>
              </div>
            ) : null}
            <div>
              <dt>Sessions</dt>
              <dd>{[provider.online_offering && 'Online', provider.offline_offering && 'In clinic'].filter(Boolean).join(', ')}</dd>
            </div>
            <CouponCodes provider={provider} {...coupons} />
          </ProviderFacts>
          <a className="hv-button-link" href={bookHref(provider.uuid)}>
            Book a session with {provider.firstname}
          </a>
        </section>
      )}
    </PageFrame>
  );
}
