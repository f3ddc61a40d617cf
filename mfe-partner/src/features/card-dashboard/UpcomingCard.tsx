import { useEffect, useState } from 'react';
import { Button, isCancelledRequest, reportError, sessionStartLabel, Spinner, type Booking } from '@haven/shared';
import { fetchUpcomingSessions } from './api/upcoming-calls';

/** How many upcoming sessions the card lists; the rest are on the dashboard. */
export const UPCOMING_ON_CARD = 3;

type State = { status: 'loading' } | { status: 'ready'; bookings: Booking[] } | { status: 'failed' };

export function UpcomingCard() {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ status: 'loading' });
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  useEffect(() => {
    const controller = new AbortController();
    fetchUpcomingSessions(controller.signal)
      .then((bookings) => setState({ status: 'ready', bookings }))
      .catch((error: unknown) => {
        if (isCancelledRequest(error)) return;
        reportError(error, { where: 'partner upcoming sessions' });
        setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [attempt]);

  return (
    <li className="hv-partner__card" aria-labelledby="upcoming-card-heading">
      <h2 id="upcoming-card-heading">Upcoming sessions</h2>
      {state.status === 'loading' ? <Spinner label="Loading upcoming sessions" /> : null}
      {state.status === 'failed' ? (
        <>
          <p role="alert">We could not load your sessions.</p>
          <Button
            variant="secondary"
            onClick={() => {
              setState({ status: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </Button>
        </>
      ) : null}
      {state.status === 'ready' && state.bookings.length === 0 ? <p>No sessions booked yet.</p> : null}
      {state.status === 'ready' && state.bookings.length > 0 ? (
        <ul>
          {state.bookings.slice(0, UPCOMING_ON_CARD).map((b) => (
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
