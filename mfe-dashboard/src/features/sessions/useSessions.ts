import { useCallback, useEffect, useState } from 'react';
import { havenStore, reportError, useHavenStore } from '@haven/shared';
import { getClinics } from './api/session-calls';
import { loadCompletedSessions, loadCompletedSessionsCount, loadUpcomingSessions } from './load-sessions';

async function loadClinics(): Promise<void> {
  const clinics = () => havenStore.getState().clinics;
  if (clinics().clinics.length > 0) return;
  clinics().update({ isLoading: true });
  try {
    clinics().update({ clinics: await getClinics(), isLoading: false });
  } catch (error) {
    // Product rules, Plan visibility: a clinics failure is silent and the list becomes empty.
    reportError(error, { where: 'clinics' });
    clinics().update({ clinics: [], isLoading: false });
  }
}

/** True when both lists loaded. */
async function loadAll(): Promise<boolean> {
  const [upcoming, completed] = await Promise.all([
    loadUpcomingSessions(),
    loadCompletedSessions(),
    loadCompletedSessionsCount(),
    loadClinics(),
  ]);
  return upcoming && completed;
}

/** Loads the three lists, the completed count and the clinic names; `failed` offers a quiet retry; `settled` once the first load answered. */
export function useSessions() {
  const upcoming = useHavenStore((s) => s.sessions.upcomingSessions);
  const suggested = useHavenStore((s) => s.sessions.suggestedSessions);
  const completed = useHavenStore((s) => s.sessions.completedSessions);
  const completedCount = useHavenStore((s) => s.sessions.completedSessionsCount);
  const fetchingUpcoming = useHavenStore((s) => s.sessions.fetchingUpcoming);
  const fetchingCompleted = useHavenStore((s) => s.sessions.fetchingCompleted);
  const [failed, setFailed] = useState(false);
  const [settled, setSettled] = useState(false);

  const reload = useCallback(() => loadAll().then((ok) => setFailed(!ok)), []);

  useEffect(() => {
    let live = true;
    void loadAll().then((ok) => {
      if (!live) return;
      setFailed(!ok);
      setSettled(true);
    });
    return () => {
      live = false;
    };
  }, []);

  return { upcoming, suggested, completed, completedCount, fetchingUpcoming, fetchingCompleted, failed, settled, reload };
}
