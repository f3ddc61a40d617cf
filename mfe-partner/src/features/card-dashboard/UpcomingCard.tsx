import { browserTimeZone, Spinner, useApiRead } from '@haven/shared';
import { LoadFailed } from '@haven/shared/design';
import { sessionStartLabel } from '@haven/shared/session-times';
import { fetchUpcomingSessions } from './api/upcoming-calls';

/** How many upcoming sessions the card lists; the rest are on the dashboard. */
export const UPCOMING_ON_CARD = 3;

export function UpcomingCard() {
  const state = useApiRead(fetchUpcomingSessions, [], 'partner upcoming sessions');
  const zone = browserTimeZone();

  return (
    <li className="hv-partner__card" aria-labelledby="upcoming-card-heading">
      <h2 id="upcoming-card-heading">Upcoming sessions</h2>
      {state.status === 'loading' ? <Spinner label="Loading upcoming sessions" /> : null}
      {state.status === 'failed' ? <LoadFailed what="Your sessions" retry={state.retry} /> : null}
      {state.status === 'ready' && state.data.length === 0 ? <p>No sessions booked yet.</p> : null}
      {state.status === 'ready' && state.data.length > 0 ? (
        <ul>
          {state.data.slice(0, UPCOMING_ON_CARD).map((b) => (
            <li key={b.uuid}>
              {sessionStartLabel(b.start_time, zone) ?? 'Time to be confirmed'} with {b.provider.firstname} {b.provider.lastname}
            </li>
          ))}
        </ul>
      ) : null}
      <a href="/dashboard">Manage your sessions</a>
    </li>
  );
}
