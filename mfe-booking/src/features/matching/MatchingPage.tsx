import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, PageFrame, matchingPayload, providerOffered, reportError, roleOffered, useBookingOptions, useHavenStore, type Provider, type ProviderFilters } from '@haven/shared';
import { searchProviders } from '../discovery/api/search-providers';
import { ProviderCard } from '../discovery/ProviderCard';
import { useListingCoupons } from '../coupons/useListingCoupons';
import { usePatientZone } from '../common/usePatientZone';
import { sendMatchingData, storeMatchedProviders } from './matching-calls';
import '../discovery/discovery.css';
import '../booking/booking.css';

const TYPES: Array<[string, string]> = [['therapist', 'Therapy'], ['psychiatrist', 'Psychiatry'], ['couplestherapist', 'Couples therapy'], ['coach', 'Coaching']];
const CONCERNS = ['anxiety', 'depression', 'stress', 'sleep-disturbances', 'trauma', 'grief', 'relationship', 'adhd', 'ocd', 'addiction'];

/** /matching: a few questions, the providers that fit (the first 30 are sent as the match, spec §9). */
export function MatchingPage() {
  const location = useLocation();
  const user = useHavenStore((s) => s.auth.user);
  const { zone, foreign } = usePatientZone();
  const coupons = useListingCoupons();
  const plan = useBookingOptions();
  const [answers, setAnswers] = useState<{ type: string; concern: string; language: string; mode: string }>({ type: 'therapist', concern: '', language: '', mode: '' });
  const [matches, setMatches] = useState<Provider[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const filters: ProviderFilters = { role: answers.type };
      if (answers.concern) filters.concern = answers.concern;
      if (answers.language) filters.language = answers.language;
      if (answers.mode === 'online' || answers.mode === 'offline') filters.mode = answers.mode;
      // Spec §3 appVisibility: matches only among providers the plan offers.
      const found = (await searchProviders(filters)).filter((p) => providerOffered(plan.options, p.roles ?? [], filters.mode));
      const record = await sendMatchingData(matchingPayload(answers, answers.type, found.map((p) => p.uuid)));
      storeMatchedProviders(record);
      setMatches(found.slice(0, record.all_matched_providers.length));
    } catch (e) {
      reportError(e, { area: 'matching' });
      setError('We could not find your matches. Your answers are kept; please try again.');
    } finally {
      setBusy(false);
    }
  };

  const choice = (name: keyof typeof answers, label: string, options: Array<[string, string]>) => (
    <div className="hv-filter">
      <label htmlFor={`m-${name}`}>{label}</label>
      <select id={`m-${name}`} value={answers[name]} onChange={(e) => setAnswers({ ...answers, [name]: e.target.value })}>
        {name !== 'type' && <option value="">No preference</option>}
        {options.map(([v, t]) => (
          <option key={v} value={v}>
            {t}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <PageFrame title="Find your match" app="mfe-booking" pathname={location.pathname}>
      {!user ? (
        <p>
          <a className="hv-button-link" href={`/auth/log-in/?redirectPath=${encodeURIComponent('/matching')}`}>
            Log in to get matched
          </a>{' '}
          or <a href="/providers">browse all providers</a>.
        </p>
      ) : (
        <form
          className="hv-booking__form"
          aria-label="Matching questions"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {choice('type', 'What kind of care are you looking for?', TYPES.filter(([role]) => roleOffered(plan.options, role)))}
          {choice('concern', 'What would you like help with?', CONCERNS.map((c) => [c, c.replace(/-/g, ' ')]))}
          {choice('language', 'Preferred language', [['english', 'English'], ['hindi', 'Hindi']])}
          {choice('mode', 'How would you like to meet?', Object.values(plan.options.offline).some(Boolean) ? [['online', 'Online'], ['offline', 'In clinic']] : [['online', 'Online']])}
          {error && <p role="alert">{error}</p>}
          <Button type="submit" disabled={busy}>
            Show my matches
          </Button>
        </form>
      )}
      {matches && (
        <section aria-labelledby="hv-matches">
          <h2 id="hv-matches">{matches.length} matches</h2>
          <ul className="hv-discovery__list" aria-label="Providers">
            {matches.map((p) => (
              <li key={p.uuid}>
                <ProviderCard provider={p} zone={zone} foreign={foreign} coupons={coupons} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </PageFrame>
  );
}
