// Product rules, Sessions and the room: "Sessions lists": fetching upcoming, fetching completed and general loading are each set true
// before a fetch; success stores the list and clears loading; failure clears the fetching flag but not
// the general loading flag, and the error is only logged and reported (product rules, Errors and messages: no user message).
import { havenStore, reportError } from '@haven/shared';
import { getClinics, getCompletedSessions, getCompletedSessionsCount, getUpcomingSessions } from './api/session-calls';

const sessions = () => havenStore.getState().sessions;

/**
 * A load in two halves: started (its flags set, its request sent) when called; its answer written to the
 * store when the returned `apply` runs. `apply` says whether the load succeeded.
 */
type Apply = () => boolean;

async function answered<T>(request: Promise<T>, onAnswer: (value: T) => void, onFailure: (error: unknown) => void): Promise<Apply> {
  try {
    const value = await request;
    return () => {
      onAnswer(value);
      return true;
    };
  } catch (error) {
    return () => {
      onFailure(error);
      return false;
    };
  }
}

function startUpcoming(): Promise<Apply> {
  sessions().update({ fetchingUpcoming: true, loading: true });
  return answered(
    getUpcomingSessions(),
    ({ bookings, suggested_bookings }) =>
      sessions().update({
        upcomingSessions: bookings,
        suggestedSessions: suggested_bookings,
        latestSessionInfo: bookings[0] ?? null,
        fetchingUpcoming: false,
        loading: false,
      }),
    (error) => {
      reportError(error, { where: 'upcoming sessions' });
      sessions().update({ fetchingUpcoming: false });
    },
  );
}

function startCompleted(): Promise<Apply> {
  sessions().update({ fetchingCompleted: true, loading: true });
  return answered(
    getCompletedSessions(),
    ({ bookings }) => sessions().update({ completedSessions: bookings, fetchingCompleted: false, loading: false }),
    (error) => {
      reportError(error, { where: 'completed sessions' });
      sessions().update({ fetchingCompleted: false });
    },
  );
}

/** The completed count comes from analytics info; a failure keeps the last count. */
function startCompletedCount(): Promise<Apply> {
  return answered(
    getCompletedSessionsCount(),
    (count) => sessions().update({ completedSessionsCount: count }),
    (error) => reportError(error, { where: 'analytics info' }),
  );
}

/** The clinic names, once a visit (they do not change within it). */
function startClinics(): Promise<Apply> {
  const clinics = () => havenStore.getState().clinics;
  if (clinics().clinics.length > 0) return Promise.resolve(() => true);
  clinics().update({ isLoading: true });
  return answered(
    getClinics(),
    (list) => clinics().update({ clinics: list, isLoading: false }),
    (error) => {
      // Product rules, Plan visibility: a clinics failure is silent and the list becomes empty.
      reportError(error, { where: 'clinics' });
      clinics().update({ clinics: [], isLoading: false });
    },
  );
}

/** Resolves true on success, false on a (reported) failure. */
export async function loadUpcomingSessions(): Promise<boolean> {
  return (await startUpcoming())();
}

export async function loadCompletedSessions(): Promise<boolean> {
  return (await startCompleted())();
}

export async function loadCompletedSessionsCount(): Promise<void> {
  (await startCompletedCount())();
}

/**
 * The three lists, the completed count and the clinic names, requested at once and written to the store
 * together when the last has answered: the lists render once, not once per answer (each answer a render
 * of its own was a long task apiece on a cheap phone). True when both lists loaded.
 */
export async function loadSessionsPage(): Promise<boolean> {
  const applies = await Promise.all([startUpcoming(), startCompleted(), startCompletedCount(), startClinics()]);
  const [upcoming, completed] = applies.map((apply) => apply());
  return Boolean(upcoming && completed);
}
