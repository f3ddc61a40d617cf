import { lazy, memo, Suspense, useCallback, useState } from 'react';
import { ErrorBoundary, PageFrame, useHavenStore } from '@haven/shared';
import { LoadFailed } from '@haven/shared/design';
import { ShownWhenSettled } from '../common/ShownWhenSettled';
import { SessionsSection } from '../sessions/SessionsSection';
import { HomeSkeleton } from './HomeSkeleton';
import { useIdleAfter } from '../common/useIdleAfter';
// Loaded once the sessions show, at the page's end: its code stays out of the dashboard's first chunk.
const NextSessionOffer = lazy(() => import('../next-session/NextSessionOffer').then((m) => ({ default: m.NextSessionOffer })));
// Likewise the profile switcher, with the sign-in flows it needs (@haven/shared/auth-flows, ~3.5 KB).
const Profiles = lazy(() => import('../profiles/ProfileSwitcher').then((m) => ({ default: m.ProfileSwitcher })));
import { TourHelp } from '../tours/useGuidedTour';
import { useDashboardSections } from '../visibility/useDashboardSections';
import '../pages.css';

// The home re-renders as each section settles (a handful of times on load); each section re-renders only
// when its own data or props change, not with every one of them (the whole page was rendered six times
// over on a cold load: most of its rendering work).
const Sessions = memo(SessionsSection);
const Tour = memo(TourHelp);
// What mounts after the sessions show is code of its own, fetched then: not part of the home's first paint.
const CareTeam = lazy(() => import('../care-team/CareTeamSection').then((m) => ({ default: memo(m.CareTeamSection) })));
const Nudges = lazy(() => import('../nudges/NudgeDashboard').then((m) => ({ default: memo(m.NudgeDashboard) })));
const Modals = lazy(() => import('../modals/DashboardModals').then((m) => ({ default: memo(m.DashboardModals) })));

// A part whose code did not arrive: only a reload fetches it again (a lazy import that failed stays failed).
const REST_FAILED = <LoadFailed what="The rest of this page" retry={() => window.location.reload()} />;

/**
 * The patient's home: sessions first, then the ways into care their plan offers. The first render is only what
 * the top of the page shows, the tour's help control, the next sessions and their Join: the care team, nudges,
 * links and dialogs mount in the first idle moment after the sessions are shown (a cheap phone can answer a tap on Join meanwhile),
 * below them, so nothing painted moves.
 */
export function DashboardHome() {
  // Whose care this is: a switch to a child or member (or back) starts the page over for that person, so no
  // list, dialog or count of the one before stays on screen, without a reload.
  const acting = useHavenStore((s) => s.auth.acting);
  const title = acting && typeof acting.first_name === 'string' && acting.first_name ? `${acting.first_name}'s care` : 'Your care';
  return (
    <PageFrame title={title} description="Your sessions, care tools and progress in one place." app="mfe-dashboard">
      <HomeContent key={acting?.uuid ?? 'own'} />
    </PageFrame>
  );
}

function HomeContent() {
  const sections = useDashboardSections();
  // The tour waits for the modals: one thing asking for attention at a time.
  const [modalsSettled, setModalsSettled] = useState(false);
  // Sessions and the zone note fill in one by one: shown together once both are known.
  const [sessionsSettled, setSessionsSettled] = useState(false);
  const [careTeamSettled, setCareTeamSettled] = useState(false);
  // A session rescheduled, cancelled or booked here: the care team's next session is read again at once.
  const [sessionsChanged, setSessionsChanged] = useState(0);
  const onSessionsChanged = useCallback(() => setSessionsChanged((n) => n + 1), []);
  const nudgesLoaded = useHavenStore((s) => s.nudge.isAllLoaded);
  const restMounted = useIdleAfter(sessionsSettled);
  // The rest (care team, nudges, links) appears at once below the sessions when all of it is known.
  const shown = restMounted && careTeamSettled && nudgesLoaded;
  return (
    <>
      {/* The tour's help control stands above the sessions from the first render (mounted later, it would push them down). */}
      <Tour section="dashboard" ready={modalsSettled && shown} />
      <ShownWhenSettled settled={sessionsSettled} label="Loading your care" placeholder={<HomeSkeleton label="Loading your care" />}>
        <div data-tour="sessions">
          <Sessions onSettled={setSessionsSettled} onChanged={onSessionsChanged} />
        </div>
      </ShownWhenSettled>
      {restMounted ? (
        // A part whose code cannot load says so in its place (the boundary reports it); the sessions stay.
        <ErrorBoundary fallback={REST_FAILED}>
          <div hidden={!shown}>
            <Suspense fallback={null}>
              <CareTeam onSettled={setCareTeamSettled} refreshKey={sessionsChanged} />
              <div data-tour="nudges">
                <Nudges />
              </div>
            </Suspense>
            <FindCare sections={sections} />
          </div>
        </ErrorBoundary>
      ) : null}
      {/* Once the sections are shown, the profile list and the next free times load; they only add to the
          page's end. Optional parts: a chunk that fails to load is reported and leaves the page as it is. */}
      {shown ? (
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <Profiles />
            <NextSessionOffer ready={shown} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
      {/* Last: the dialogs sit in the top layer, and the callouts (AI chip, profiles tip) that appear
          once the modals are answered only add to the end of the page instead of pushing it down. */}
      {restMounted ? (
        // The dialogs include the consents a visit may need: a failure to load them is said, not skipped quietly.
        <ErrorBoundary fallback={REST_FAILED}>
          <Suspense fallback={null}>
            <Modals onSettled={setModalsSettled} showCallouts={shown} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </>
  );
}

/** The ways into care the plan offers, and the other areas of the app. */
const FindCare = memo(function FindCare({ sections }: { sections: ReturnType<typeof useDashboardSections> }) {
  return (
    <>
      <nav aria-labelledby="find-care-heading" className="hv-sessions" data-tour="find-care">
        <h2 id="find-care-heading">Find care</h2>
        <ul className="hv-link-list">
          {sections.therapy ? (
            <li>
              <a href="/providers?type=therapist">Therapy</a>
            </li>
          ) : null}
          {sections.therapyOffline ? (
            <li>
              <a href="/providers?type=therapist&mode=offline">Therapy in a clinic</a>
            </li>
          ) : null}
          {sections.psychiatry ? (
            <li>
              <a href="/providers?type=psychiatrist">Psychiatry</a>
            </li>
          ) : null}
          {sections.psychiatryOffline ? (
            <li>
              <a href="/providers?type=psychiatrist&mode=offline">Psychiatry in a clinic</a>
            </li>
          ) : null}
          {sections.couples ? (
            <li>
              <a href="/providers?type=couplestherapist">Couples therapy</a>
            </li>
          ) : null}
          {sections.couplesOffline ? (
            <li>
              <a href="/providers?type=couplestherapist&mode=offline">Couples therapy in a clinic</a>
            </li>
          ) : null}
        </ul>
      </nav>
      <nav aria-label="Care tools and more" data-tour="more">
        <ul className="hv-link-list">
          <li>
            <a href="/care-tools">Care tools</a>
          </li>
          <li>
            <a href="/journal">Journal</a>
          </li>
          <li>
            <a href="/account">Your account</a>
          </li>
          <li>
            <a href="/journey">Your journey</a>
          </li>
          <li>
            <a href="/treatment-plan">Treatment plan</a>
          </li>
          <li>
            <a href="/experts">Experts</a>
          </li>
          <li>
            <a href="/assessments">Assessments</a>
          </li>
          <li>
            <a href="/dashboard/resources">Resources</a>
          </li>
          {sections.communities ? (
            <li>
              <a href="/communities">Communities</a>
            </li>
          ) : null}
        </ul>
      </nav>
    </>
  );
});
