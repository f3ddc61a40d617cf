// Product rules, Dashboard: guided tours, coachmarking: a tour is offered rather than started. It starts by itself
// only at the first visit of its page (when the page says it is ready, e.g. after the welcome, and only if
// nothing else interrupted that visit); otherwise the help control offers it, and it runs when asked. It is
// marked seen through the api when finished or closed, and can be replayed from the help control.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, havenStore, reportError, storageGet, storageSet, useHavenStore } from '@haven/shared';
import { coachmarkingFromSeen, mayInterrupt, TOUR_FLAG, type TourSection } from '@haven/shared/dashboard-rules';
import { interruptionThisVisit, takeInterruption } from '../modals/visit-interruption';
import { getSeenTours, markTourSeen } from './api/coachmark-calls';
import { TOUR_STEPS } from './tour-steps';

// One read of the marks per page load (all five tours at once).
let seenLoaded: Promise<boolean> | null = null;
function loadSeenTours(): Promise<boolean> {
  seenLoaded ??= getSeenTours()
    .then((seen) => {
      havenStore.getState().coachmarking.update(coachmarkingFromSeen(seen));
      return true;
    })
    .catch((error: unknown) => {
      // Unknown marks: no tour starts by itself (the help control still runs it).
      reportError(error, { where: 'guided tour marks' });
      seenLoaded = null;
      return false;
    });
  return seenLoaded;
}

/** Whether this is the first visit of the section's page on this device (read once per page load). */
const firstVisits = new Map<TourSection, boolean>();
function isFirstVisitOfPage(section: TourSection): boolean {
  let first = firstVisits.get(section);
  if (first === undefined) {
    const key = `tour_page_visited:${section}`;
    first = storageGet(key) === null;
    storageSet(key, 'true');
    firstVisits.set(section, first);
  }
  return first;
}

export function useGuidedTour(section: TourSection, ready = true) {
  const due = useHavenStore((s) => s.coachmarking[TOUR_FLAG[section]]);
  const [running, setRunning] = useState(false);
  const started = useRef(false);
  const [firstVisit] = useState(() => isFirstVisitOfPage(section));

  useEffect(() => {
    void loadSeenTours();
  }, []);

  const start = useCallback(() => {
    if (started.current) return;
    started.current = true;
    setRunning(true);
    const end = () => {
      started.current = false;
      setRunning(false);
      havenStore.getState().coachmarking.update({ [TOUR_FLAG[section]]: false });
      markTourSeen(section).catch((error: unknown) => reportError(error, { where: 'guided tour seen', section }));
    };
    import('./run-tour')
      .then(({ runTour }) => runTour(TOUR_STEPS[section], end))
      .catch((error: unknown) => {
        reportError(error, { where: 'guided tour', section });
        started.current = false;
        setRunning(false);
      });
  }, [section]);

  useEffect(() => {
    if (!due || !ready || !firstVisit || !mayInterrupt(`tour:${section}`, interruptionThisVisit())) return;
    takeInterruption(`tour:${section}`);
    start();
  }, [due, ready, firstVisit, start, section]);

  return { running, replay: start };
}

/** The help control: replays the page's tour. */
export function TourHelp({ section, ready = true }: { section: TourSection; ready?: boolean }) {
  const tour = useGuidedTour(section, ready);
  return (
    <div className="hv-tour-help" data-tour="help">
      {/* Not disabled while the tour runs: the button keeps focus, so the tour hands it back at the end. */}
      <Button variant="ghost" onClick={tour.replay} aria-expanded={tour.running}>
        Take the tour of this page
      </Button>
    </div>
  );
}
