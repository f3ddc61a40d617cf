import { useEffect, useState } from 'react';
import { PageFrame, subscribeCurrentCourse, useHavenStore, useApiRead } from '@haven/shared';
import { LoadState } from '@haven/shared/design';
import { sessionStartLabel, usePatientZone } from '@haven/shared/session-times';
import { TourHelp } from '../tours/useGuidedTour';
import { getJourney } from './api/journey-calls';
import '../sessions/Sessions.css';
import '../pages.css';

/** /journey: what the patient has done in care so far, and what comes next. */
export function JourneyPage() {
  const journey = useApiRead(getJourney, [], 'journey');
  const { zone } = usePatientZone();
  const j = journey.data;
  // The course the apps recorded in the realtime user record (product rules, What the client keeps: currentCourseName), live.
  const firebaseId = useHavenStore((s) => s.auth.firebaseUser?.uid ?? null);
  const [course, setCourse] = useState<string | null>(null);
  useEffect(() => (firebaseId ? subscribeCurrentCourse(firebaseId, setCourse) : undefined), [firebaseId]);
  return (
    <PageFrame title="Your journey" description="Your progress through care, step by step." app="mfe-dashboard">
      <TourHelp section="journey" ready={j !== null} />
      <LoadState read={journey} what="Your journey" />
      {j ? (
        <>
          <section aria-labelledby="summary-heading" className="hv-sessions" data-tour="summary">
            <h2 id="summary-heading">So far</h2>
            <dl className="hv-stats">
              <div>
                <dt>Sessions completed</dt>
                <dd>{j.completed_sessions}</dd>
              </div>
              <div>
                <dt>Assessments taken</dt>
                <dd>{j.assessments_taken}</dd>
              </div>
              <div>
                <dt>Journal entries</dt>
                <dd>{j.journal_entries}</dd>
              </div>
            </dl>
          </section>
          {course ? (
            <section aria-labelledby="course-heading" className="hv-sessions">
              <h2 id="course-heading">Your current course</h2>
              <p>{course}</p>
            </section>
          ) : null}
          <section aria-labelledby="milestones-heading" className="hv-sessions" data-tour="milestones">
            <h2 id="milestones-heading">Milestones</h2>
            <ol className="hv-milestones">
              {j.milestones.map((m) => (
                <li key={`${m.kind}-${m.at}`}>
                  <strong>{m.title}</strong>
                  <br />
                  <time dateTime={m.at} className="hv-session__meta">
                    {sessionStartLabel(m.at, zone)}
                  </time>
                </li>
              ))}
            </ol>
            {j.completed_sessions === 0 ? (
              <p className="hv-empty">
                Your journey starts with a first session. <a href="/providers">Find a provider</a>
              </p>
            ) : null}
          </section>
        </>
      ) : null}
    </PageFrame>
  );
}
