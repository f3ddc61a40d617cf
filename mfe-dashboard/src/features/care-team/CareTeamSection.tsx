import { useEffect, useState } from 'react';
import { Button, type Provider, bookingLink } from '@haven/shared';
import { describeApiError } from '@haven/shared/form-kit';
import { Select } from '@haven/shared/design';
import { careTeam, CARE_TEAM_LABELS, providerProfilePath, roleLabels, roleOffered, useBookingOptions } from '@haven/shared/booking-rules';
import { usePatientZone, sessionStartLabel } from '@haven/shared/session-times';
import { useNow } from '../sessions/SessionCard';
import { getCareCoordinators, getMyProviders, type MyProvider } from './api/care-team-calls';
import { SavedAndSuggested } from './SavedAndSuggested';
import './CareTeam.css';

export const bookWithHref = (uuid: string) =>
  bookingLink(`/booking?provider=${encodeURIComponent(uuid)}`, window.localStorage.getItem('company'));
const fullName = (p: Pick<Provider, 'firstname' | 'lastname'>) => `${p.firstname} ${p.lastname}`;

type Load =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; team: MyProvider[]; coordinators: Provider[] };

/**
 * My care team: the current therapist, psychiatrist and couples therapist (product rules, Users and roles: my roles),
 * each with the next session and book again; a picker of whom to book, care coordinators included
 * (providers dropdown with include_support_providers); then saved and suggested providers.
 * `onSettled` says when the team is known, so the home shows its sections together (no shift); a new
 * `refreshKey` (a session moved, cancelled or booked on the page) reads the team again, the shown one kept meanwhile.
 */
export function CareTeamSection({ onSettled, refreshKey = 0 }: { onSettled?: (settled: boolean) => void; refreshKey?: number }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { zone } = usePatientZone();
  const now = useNow();

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([getMyProviders(controller.signal), getCareCoordinators()])
      .then(([team, coordinators]) => setLoad({ status: 'ready', team, coordinators }))
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        // describeApiError reports what it cannot map (a network failure is not a fault of ours).
        setLoad({ status: 'failed', message: describeApiError(e, { action: 'load your care team' }).message });
      });
    return () => controller.abort();
  }, [attempt, refreshKey]);
  useEffect(() => onSettled?.(load.status !== 'loading'), [load.status, onSettled]);

  const members = load.status === 'ready' ? careTeam(load.team) : [];
  // Product rules, Plan visibility: appVisibility: book again and the picker only for care the plan offers.
  const plan = useBookingOptions();
  const bookable = (p: MyProvider) => plan.ready && roleOffered(plan.options, p.provider_type);
  return (
    <section aria-labelledby="care-team-heading" className="hv-sessions hv-care-team">
      <h2 id="care-team-heading">Your care team</h2>
      {load.status === 'failed' ? (
        <div role="alert" className="hv-empty">
          <p>{load.message}</p>
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </div>
      ) : null}
      {load.status === 'ready' && members.length === 0 ? (
        <div className="hv-empty">
          <p>
            You have no regular providers yet. Your therapist, psychiatrist or couples therapist will appear here after your first session.
          </p>
        </div>
      ) : null}
      <ul className="hv-session-list">
        {members.map(({ role, provider: p }) => {
          const when = p.next_session ? sessionStartLabel(p.next_session.start_time, zone, now) : null;
          return (
            <li key={p.uuid}>
              <article className="hv-session" aria-label={`${CARE_TEAM_LABELS[role]}: ${fullName(p)}`}>
                <span className="hv-session__photo" aria-hidden="true">
                  {`${p.firstname[0] ?? ''}${p.lastname[0] ?? ''}`.toUpperCase()}
                </span>
                <div className="hv-session__body">
                  <p className="hv-session__meta">{CARE_TEAM_LABELS[role]}</p>
                  <h3 className="hv-session__name">
                    <a href={providerProfilePath(p.uuid)}>{fullName(p)}</a>
                  </h3>
                  <p className="hv-session__when">
                    {p.next_session && when ? (
                      <>
                        {Date.parse(p.next_session.start_time) <= now ? 'Session under way, since' : 'Next session:'}{' '}
                        <time dateTime={p.next_session.start_time}>{when}</time>
                      </>
                    ) : (
                      'No session booked'
                    )}
                  </p>
                  {bookable(p) ? (
                    <div className="hv-session__actions">
                      <a className="hv-button-link hv-button-link--secondary" href={bookWithHref(p.uuid)}>
                        Book again<span className="hv-visually-hidden"> with {fullName(p)}</span>
                      </a>
                    </div>
                  ) : null}
                </div>
              </article>
            </li>
          );
        })}
      </ul>
      {load.status === 'ready' ? (
        <BookWith team={members.map((m) => m.provider).filter(bookable)} coordinators={load.coordinators} />
      ) : null}
      <SavedAndSuggested />
    </section>
  );
}

/** Whom to book or contact: the care team, then the care coordinators. */
type Person = Pick<Provider, 'uuid' | 'firstname' | 'lastname' | 'roles'>;
function BookWith({ team, coordinators }: { team: Person[]; coordinators: Person[] }) {
  const first = team[0] ?? coordinators[0];
  const [chosen, setChosen] = useState(first?.uuid ?? '');
  if (!first) return null;
  const person = [...team, ...coordinators].find((p) => p.uuid === chosen) ?? first;
  return (
    <div className="hv-care-team__book">
      <Select
        id="care-team-book-with"
        label="Book or contact"
        value={person.uuid}
        onChange={(e) => setChosen(e.target.value)}
        options={[
          {
            group: 'Your care team',
            options: team.map((p) => ({ value: p.uuid, label: `${fullName(p)} (${roleLabels(p.roles).join(', ')})` })),
          },
          { group: 'Care coordinators', options: coordinators.map((p) => ({ value: p.uuid, label: `${fullName(p)} (Care coordinator)` })) },
        ]}
      />
      {/* A care coordinator is contacted on their own page (write, or book a call there). */}
      {coordinators.some((c) => c.uuid === person.uuid) ? (
        <a className="hv-button-link" href="/booking/care-coordinator">
          Contact {fullName(person)}
        </a>
      ) : (
        <a className="hv-button-link" href={bookWithHref(person.uuid)}>
          Book with {fullName(person)}
        </a>
      )}
    </div>
  );
}
