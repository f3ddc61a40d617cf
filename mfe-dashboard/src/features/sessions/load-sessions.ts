// Product rules, Sessions and the room: "Sessions lists": fetching upcoming, fetching completed and general loading are each set true
// before a fetch; success stores the list and clears loading; failure clears the fetching flag but not
// the general loading flag, and the error is only logged and reported (product rules, Errors and messages: no user message).
import { havenStore, reportError } from '@haven/shared';
import { getCompletedSessions, getCompletedSessionsCount, getUpcomingSessions } from './api/session-calls';

const sessions = () => havenStore.getState().sessions;

/** Resolves true on success, false on a (reported) failure. */
export async function loadUpcomingSessions(): Promise<boolean> {
  sessions().update({ fetchingUpcoming: true, loading: true });
  try {
    const { bookings, suggested_bookings } = await getUpcomingSessions();
    sessions().update({
      upcomingSessions: bookings,
      suggestedSessions: suggested_bookings,
      latestSessionInfo: bookings[0] ?? null,
      fetchingUpcoming: false,
      loading: false,
    });
    return true;
  } catch (error) {
    reportError(error, { where: 'upcoming sessions' });
    sessions().update({ fetchingUpcoming: false });
    return false;
  }
}

export async function loadCompletedSessions(): Promise<boolean> {
  sessions().update({ fetchingCompleted: true, loading: true });
  try {
    const { bookings } = await getCompletedSessions();
    sessions().update({ completedSessions: bookings, fetchingCompleted: false, loading: false });
    return true;
  } catch (error) {
    reportError(error, { where: 'completed sessions' });
    sessions().update({ fetchingCompleted: false });
    return false;
  }
}

/** The completed count comes from analytics info; a failure keeps the last count. */
export async function loadCompletedSessionsCount(): Promise<void> {
  try {
    sessions().update({ completedSessionsCount: await getCompletedSessionsCount() });
  } catch (error) {
    reportError(error, { where: 'analytics info' });
  }
}
