import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, PageFrame, reportError, useFocusOnShow, useHavenStore, type Provider } from '@haven/shared';
import {
  concernLabel,
  languageLabel,
  matchingPayload,
  PROVIDER_LANGUAGES,
  providerOffered,
  roleOffered,
  useBookingOptions,
  usePatientPricing,
} from '@haven/shared/booking-rules';
import { Select } from '@haven/shared/design';
import { usePatientZone } from '@haven/shared/session-times';
import { ProviderCard } from '../discovery/ProviderCard';
import { useListingCoupons } from '../coupons/useListingCoupons';
import { ListCoupons } from '../coupons/ListCoupons';
import { priceLine } from '../discovery/card-facts';
import { fetchMatches, sendMatchingData, storeMatchedProviders } from './matching-calls';
import { DeclineDialog } from './DeclineDialog';
import { MatchingFeedback } from './MatchingFeedback';
import '../discovery/discovery.css';
import '../booking/booking.css';
import './matching.css';

const TYPES: Array<[string, string]> = [
  ['therapist', 'Therapy'],
  ['psychiatrist', 'Psychiatry'],
  ['couplestherapist', 'Couples therapy'],
  ['coach', 'Coaching'],
];
const CONCERNS = ['anxiety', 'depression', 'stress', 'sleep-disturbances', 'trauma', 'grief', 'relationship', 'adhd', 'ocd', 'addiction'];

/**
 * /matching: a few questions, the providers that fit, ranked by the api with the patient's declines and
 * feedback (the first 30 are sent as the match). Each match can be declined ("not a fit", with
 * a reason) or marked a good fit; the matches can be rated.
 */
export function MatchingPage() {
  const location = useLocation();
  const user = useHavenStore((s) => s.auth.user);
  const { zone } = usePatientZone();
  const pricing = usePatientPricing();
  const coupons = useListingCoupons();
  const plan = useBookingOptions();
  const [answers, setAnswers] = useState<{ type: string; concern: string; language: string; mode: string }>({
    type: 'therapist',
    concern: '',
    language: '',
    mode: '',
  });
  const [matches, setMatches] = useState<Provider[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The role the shown matches were found for (the answers may change after). */
  const [matchedType, setMatchedType] = useState('therapist');
  /** One more per search: a new search starts a new feedback form. */
  const [round, setRound] = useState(0);
  const [declining, setDeclining] = useState<Provider | null>(null);
  const [declined, setDeclined] = useState<string | null>(null);
  const [goodFits, setGoodFits] = useState<string[]>([]);
  // "Show my matches" is disabled while it searches, so focus falls to the page: it goes to the results.
  const matchesHeading = useFocusOnShow<HTMLHeadingElement>(matches !== null, round);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const filters: Parameters<typeof fetchMatches>[0] = { role: answers.type };
      if (answers.concern) filters.concern = answers.concern;
      if (answers.language) filters.language = answers.language;
      if (answers.mode === 'online' || answers.mode === 'offline') filters.mode = answers.mode;
      // Plan visibility (product rules, Plan visibility): matches only among providers the plan offers.
      const found = (await fetchMatches({ ...filters, role: answers.type })).filter((p) =>
        providerOffered(plan.options, p.roles ?? [], filters.mode),
      );
      const record = await sendMatchingData(
        matchingPayload(
          answers,
          answers.type,
          found.map((p) => p.uuid),
        ),
      );
      storeMatchedProviders(record);
      setMatches(found.slice(0, record.all_matched_providers.length));
      setMatchedType(answers.type);
      setRound((r) => r + 1);
      setDeclined(null);
      setGoodFits([]);
    } catch (e) {
      reportError(e, { area: 'matching' });
      setError('We could not find your matches. Your answers are kept; please try again.');
    } finally {
      setBusy(false);
    }
  };

  const choice = (name: keyof typeof answers, label: string, options: Array<[string, string]>) => (
    <Select
      id={`m-${name}`}
      className="hv-filter"
      label={label}
      value={answers[name]}
      onChange={(e) => setAnswers({ ...answers, [name]: e.target.value })}
      {...(name !== 'type' ? { placeholder: 'No preference' } : {})}
      options={options.map(([value, text]) => ({ value, label: text }))}
    />
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
          {choice(
            'type',
            'What kind of care are you looking for?',
            TYPES.filter(([role]) => roleOffered(plan.options, role)),
          )}
          {choice(
            'concern',
            'What would you like help with?',
            CONCERNS.map((c) => [c, concernLabel(c)]),
          )}
          {choice(
            'language',
            'Preferred language',
            PROVIDER_LANGUAGES.map((l) => [l, languageLabel(l)]),
          )}
          {choice(
            'mode',
            'How would you like to meet?',
            Object.values(plan.options.offline).some(Boolean)
              ? [
                  ['online', 'Online'],
                  ['offline', 'In clinic'],
                ]
              : [['online', 'Online']],
          )}
          {error && <p role="alert">{error}</p>}
          <Button type="submit" disabled={busy}>
            Show my matches
          </Button>
        </form>
      )}
      {matches && (
        <section aria-labelledby="hv-matches">
          <h2 id="hv-matches" ref={matchesHeading} tabIndex={-1}>
            {matches.length} matches
          </h2>
          {declined && <p role="status">We will not suggest {declined} to you again.</p>}
          <ListCoupons pricing={pricing} {...coupons} anyToPay={matches.some((p) => priceLine(p, pricing).kind === 'price')} />
          <ul className="hv-discovery__list" aria-label="Providers">
            {matches.map((p) => {
              const good = goodFits.includes(p.uuid);
              const name = `${p.firstname} ${p.lastname}`;
              return (
                <li key={p.uuid} className="hv-match">
                  <ProviderCard provider={p} zone={zone} pricing={pricing} />
                  <div className="hv-match__actions">
                    <Button
                      variant="secondary"
                      aria-pressed={good}
                      aria-label={`${name} is a good fit`}
                      onClick={() => setGoodFits(good ? goodFits.filter((u) => u !== p.uuid) : [...goodFits, p.uuid])}
                    >
                      {good ? 'Good fit ✓' : 'Good fit'}
                    </Button>
                    <Button variant="secondary" aria-label={`${name} is not a fit`} onClick={() => setDeclining(p)}>
                      Not a fit
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
          <MatchingFeedback key={round} providerType={matchedType} goodFits={goodFits} />
        </section>
      )}
      {declining && (
        <DeclineDialog
          provider={declining}
          providerType={matchedType}
          onDismiss={() => setDeclining(null)}
          onDeclined={(p) => {
            setDeclining(null);
            setDeclined(`${p.firstname} ${p.lastname}`);
            setGoodFits(goodFits.filter((u) => u !== p.uuid));
            setMatches((m) => (m ?? []).filter((x) => x.uuid !== p.uuid));
          }}
        />
      )}
    </PageFrame>
  );
}
