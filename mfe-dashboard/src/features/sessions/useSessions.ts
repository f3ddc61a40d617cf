import { useCallback, useEffect, useState } from 'react';
import { useHavenStore } from '@haven/shared';
import { loadSessionsPage as loadAll } from './load-sessions';

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
