import { Link, useLocation } from 'react-router-dom';
import { type Answer, Button, PageFrame, RequireSignIn, apiClient, eventBus, useApiRead } from '@haven/shared';
import { LoadState } from '@haven/shared/design';
import { profileName, useProfileSwitch } from '@haven/shared/auth-flows';
import { CF_CLINICIAN_ROLE, CF_INTAKE_ROLE, childrenFirstStep } from '@haven/shared/booking-rules';
import { searchProviders } from '../discovery/api/search-providers';
import type { BookingAnswer } from '../booking/api/booking-calls';
import './children-first.css';

/** The acting profile's sessions: upcoming and completed (the intake may be either). */
async function actingSessions(signal: AbortSignal): Promise<BookingAnswer[]> {
  const [up, done] = await Promise.all([
    apiClient.get<Answer<'/customers/upcomingsessions', 'get'>>('/customers/upcomingsessions', { signal }),
    apiClient.get<Answer<'/customers/completedsessions', 'get'>>('/customers/completedsessions', { signal }),
  ]);
  return [...up.data.bookings, ...done.data.bookings];
}

/**
 * /booking/children-first: a parent books children-first care for a child profile (the profile
 * event switch_profile_book): the intake specialist first, then the clinician. Booking itself is the normal flow.
 */
export function ChildrenFirstPage() {
  const location = useLocation();
  return (
    <PageFrame title="Children-first care" app="mfe-booking" pathname={location.pathname}>
      <RequireSignIn>
        <ChildrenFirst />
      </RequireSignIn>
    </PageFrame>
  );
}

function ChildrenFirst() {
  const {
    profiles,
    primaryUuid,
    acting: actingProfile,
    busy,
    error: problem,
    switchTo,
  } = useProfileSwitch('We could not switch to this profile. Please try again.');
  // The child the page books for: the acting profile when it is a secondary one.
  const acting = actingProfile?.secondary ? actingProfile : null;

  const children = profiles.filter((p) => p.uuid !== primaryUuid);
  const bookFor = async (uuid: string) => {
    if (await switchTo(uuid)) eventBus.emit('profile:event', { name: 'switch_profile_book', profileId: uuid });
  };

  return (
    <div className="hv-cf">
      <p>Care for children starts with an intake session with our intake specialist; then a clinician continues the care.</p>
      <p>
        As their parent or guardian, you first activate your child&apos;s profile for it under{' '}
        <a href="/account/profiles">Profiles and members</a>.
      </p>
      <section aria-labelledby="hv-cf-who">
        <h2 id="hv-cf-who">Who is the care for?</h2>
        {children.length === 0 && (
          <p>
            Add your child&apos;s profile first. <a href="/account/profiles">Profiles and members</a>
          </p>
        )}
        <ul className="hv-cf__profiles">
          {children.map((p) => (
            <li key={String(p.uuid)}>
              <Button
                variant={acting?.uuid === p.uuid ? 'primary' : 'secondary'}
                aria-pressed={acting?.uuid === p.uuid}
                disabled={busy}
                onClick={() => void bookFor(String(p.uuid))}
              >
                Book for {profileName(p)}
              </Button>
            </li>
          ))}
        </ul>
        {problem && <p role="alert">{problem}</p>}
      </section>
      {acting && <Steps key={acting.uuid} name={acting.name} />}
    </div>
  );
}

function Steps({ name }: { name: string }) {
  const sessions = useApiRead(actingSessions, ['sessions'], 'children-first-sessions');
  const step = sessions.data ? childrenFirstStep(sessions.data) : null;
  const role = step === 'clinician' ? CF_CLINICIAN_ROLE : CF_INTAKE_ROLE;
  const providers = useApiRead(
    (signal) => (step ? searchProviders({ roles: [role] }, signal) : new Promise<never>(() => {})),
    [`providers|${step ?? 'unknown'}`],
    'children-first-providers',
  );
  // step is known once the sessions are (childrenFirstStep always names one).
  if (!sessions.data || !step) return <LoadState read={sessions} what={`${name}'s sessions`} />;
  return (
    <section aria-labelledby="hv-cf-step">
      <h2 id="hv-cf-step">{step === 'intake' ? `Step 1 of 2: an intake session for ${name}` : `Step 2 of 2: a clinician for ${name}`}</h2>
      {step === 'clinician' && <p>The intake session is booked. Now choose the clinician who continues {name}&apos;s care.</p>}
      {!providers.data && <LoadState read={providers} what="The providers" />}
      {providers.data && (
        <ul className="hv-cf__providers" aria-label={step === 'intake' ? 'Intake specialists' : 'Clinicians'}>
          {providers.data.map((p) => (
            <li key={p.uuid}>
              <Link className="hv-button-link" to={`/booking?provider=${p.uuid}&step=1`}>
                {step === 'intake' ? 'Book the intake' : 'Book'} with {p.firstname} {p.lastname}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
