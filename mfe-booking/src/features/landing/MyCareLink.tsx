import { useApiRead } from '@haven/shared';
import { sessionStartLabel, usePatientZone } from '@haven/shared/session-times';
import { fetchUpcomingSessions, soonestSession } from './next-session-calls';

/**
 * A signed-in patient's way to their care: their next session when they have one (wherever they land, they
 * see it), else "Go to my care". Until the sessions answer it says "Go to my care", so the slot never waits.
 */
export function MyCareLink() {
  const sessions = useApiRead((signal) => fetchUpcomingSessions(signal), [], 'landing upcoming sessions');
  const { zone } = usePatientZone();
  const next = sessions.data ? soonestSession(sessions.data) : null;
  const when = next ? sessionStartLabel(next.start_time, zone) : null;
  if (!next || !when)
    return (
      <a className="hv-landing__secondary" href="/dashboard">
        Go to my care
      </a>
    );
  const who = next.provider ? ` with ${next.provider.firstname} ${next.provider.lastname}` : '';
  return (
    <a className="hv-landing__secondary" href="/dashboard">
      Your next session: {when}
      {who}
    </a>
  );
}
