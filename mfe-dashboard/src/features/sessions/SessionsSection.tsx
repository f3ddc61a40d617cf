import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, ErrorBoundary, reportError, Spinner, bookingLink } from '@haven/shared';
import { EmptyState } from '@haven/shared/design';
import { providerOffered, useBookingOptions } from '@haven/shared/booking-rules';
import { usePatientZone, zoneName } from '@haven/shared/session-times';
import { JOIN_WINDOW_MINUTES } from '@haven/shared/dashboard-rules';
import { confirmBooking, startCheckout, type SessionBooking } from './api/session-calls';
import { joinSession } from './join-session';
import { suggestedCheckoutHref } from './suggested-checkout';
import { canJoin, SessionCard, sessionWhen, useNow } from './SessionCard';
import { providerName } from './session-labels';
import { loadUpcomingSessions } from './load-sessions';
import { useSessions } from './useSessions';
import './Sessions.css';

// Only couple sessions have a partner line: its code loads when one is shown (the line's space is kept meanwhile).
const SessionPartner = lazy(() => import('../next-session/SessionPartner').then((m) => ({ default: m.SessionPartner })));
// The dialogs (and the refund rule the cancel dialog states) load when one is opened, not with the home.
const CancelDialog = lazy(() => import('./CancelDialog').then((m) => ({ default: m.CancelDialog })));
const RescheduleDialog = lazy(() => import('./RescheduleDialog').then((m) => ({ default: m.RescheduleDialog })));

type Open = { kind: 'cancel' | 'reschedule'; booking: SessionBooking } | null;

function bookAgainHref(b: SessionBooking): string {
  return bookingLink(`/booking?provider=${encodeURIComponent(b.provider.uuid)}`, window.localStorage.getItem('company'));
}

/**
 * Upcoming, suggested and completed sessions (product rules, Sessions and the room) with join, reschedule, cancel and book again.
 * `onSettled` says when the lists and the zone note are known, so the home can show them without a shift.
 */
export function SessionsSection({ onSettled, onChanged }: { onSettled?: (settled: boolean) => void; onChanged?: () => void }) {
  const s = useSessions();
  const { zone, isForeign, settled: zoneSettled } = usePatientZone();
  const settled = s.settled && zoneSettled;
  useEffect(() => onSettled?.(settled), [settled, onSettled]);
  const now = useNow();
  // Product rules, Plan visibility: appVisibility: no "Book again" for care the plan excludes.
  const plan = useBookingOptions();
  const [open, setOpen] = useState<Open>(null);
  const [accepting, setAccepting] = useState<string | null>(null);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  // What the last reschedule or cancel did, said where the list changed (it stays until the next change).
  const [done, setDone] = useState<string | null>(null);

  // The other parts of the page that show sessions (the care team's next session) are told at once.
  const at = (b: SessionBooking) => [sessionWhen(b, zone), zoneName(zone, b.start_time)].filter(Boolean).join(' ');
  const afterChange = (message: string) => {
    setOpen(null);
    setDone(message);
    onChanged?.();
    void loadUpcomingSessions();
  };
  const accept = async (b: SessionBooking) => {
    setAccepting(b.uuid);
    setAcceptError(null);
    try {
      if (b.fee > 0) {
        // A priced session is confirmed by its payment: on to the booking app's payment step.
        const checkout = await startCheckout(b.uuid);
        if (checkout.status !== 'paid') {
          window.location.assign(suggestedCheckoutHref(b, checkout.transaction_id, zone, window.localStorage.getItem('company')));
          return;
        }
      } else {
        await confirmBooking(b.uuid);
      }
      onChanged?.();
      await loadUpcomingSessions();
    } catch (error) {
      reportError(error, { where: 'accept suggested session', uuid: b.uuid });
      setAcceptError('We could not book this session. Nothing was booked; please try again.');
    } finally {
      setAccepting(null);
    }
  };

  return (
    <>
      {isForeign ? (
        <p className="hv-zone-note" role="note">
          Times are shown in your current time zone: {zoneName(zone) ?? zone}.
        </p>
      ) : null}

      <section aria-labelledby="upcoming-heading" className="hv-sessions">
        <h2 id="upcoming-heading">Upcoming sessions</h2>
        <div role="status" className="hv-sessions__done">
          {done ? <p>{done}</p> : null}
        </div>
        {s.fetchingUpcoming && s.upcoming.length === 0 ? <Spinner label="Loading upcoming sessions" /> : null}
        {!s.fetchingUpcoming && s.upcoming.length === 0 ? (
          <div className="hv-empty">
            <p>You have no sessions booked.</p>
            <a className="hv-button-link" href="/providers">
              Find a provider
            </a>
          </div>
        ) : null}
        <ul className="hv-session-list">
          {s.upcoming.map((b) => {
            const joinable = canJoin(b, now);
            return (
              <li key={b.uuid}>
                <SessionCard
                  booking={b}
                  zone={zone}
                  now={now}
                  actions={
                    <>
                      {b.mode === 'online' ? (
                        <Button
                          onClick={() => joinSession(b.uuid)}
                          disabled={!joinable}
                          aria-describedby={joinable ? undefined : `join-hint-${b.uuid}`}
                        >
                          Join
                        </Button>
                      ) : null}
                      <Button variant="secondary" onClick={() => setOpen({ kind: 'reschedule', booking: b })}>
                        Reschedule
                      </Button>
                      <Button variant="danger-ghost" onClick={() => setOpen({ kind: 'cancel', booking: b })}>
                        Cancel
                      </Button>
                      {b.session_type === 'couple' ? (
                        <Suspense fallback={<p className="hv-session-partner">{'\u00a0'}</p>}>
                          <SessionPartner bookingUuid={b.uuid} zone={zone} />
                        </Suspense>
                      ) : null}
                      {b.mode === 'online' && !joinable ? (
                        <span id={`join-hint-${b.uuid}`} className="hv-session__hint">
                          You can join {JOIN_WINDOW_MINUTES} minutes before the start.
                        </span>
                      ) : null}
                    </>
                  }
                />
              </li>
            );
          })}
        </ul>
        {s.failed && !s.fetchingUpcoming ? (
          <Button variant="ghost" onClick={() => void s.reload()}>
            Refresh sessions
          </Button>
        ) : null}
      </section>

      {s.suggested.length > 0 ? (
        <section aria-labelledby="suggested-heading" className="hv-sessions">
          <h2 id="suggested-heading">Suggested by your provider</h2>
          {acceptError ? <p role="alert">{acceptError}</p> : null}
          <ul className="hv-session-list">
            {s.suggested.map((b) => (
              <li key={b.uuid}>
                <SessionCard
                  booking={b}
                  zone={zone}
                  now={now}
                  actions={
                    <Button onClick={() => void accept(b)} disabled={accepting === b.uuid}>
                      Book this session
                    </Button>
                  }
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="completed-heading" className="hv-sessions">
        <h2 id="completed-heading">
          Completed sessions{s.completedCount > 0 ? <span className="hv-count"> ({s.completedCount})</span> : null}
        </h2>
        {s.fetchingCompleted && s.completed.length === 0 ? <Spinner label="Loading completed sessions" /> : null}
        {!s.fetchingCompleted && s.completed.length === 0 ? (
          <EmptyState>
            <p>Your completed sessions will show here after your first session.</p>
          </EmptyState>
        ) : null}
        <p className="hv-sessions__note">
          Invoices and credit notes for your paid sessions: <Link to="/account/payments">Payments and invoices</Link>
        </p>
        <ul className="hv-session-list">
          {s.completed.map((b) => (
            <li key={b.uuid}>
              <SessionCard
                booking={b}
                zone={zone}
                now={now}
                actions={
                  plan.ready &&
                  providerOffered(plan.options, b.provider.roles, undefined, b.session_type === 'couple' ? 'couple' : 'individual') ? (
                    <a className="hv-button-link hv-button-link--secondary" href={bookAgainHref(b)}>
                      Book again
                      <span className="hv-visually-hidden">
                        {' '}
                        with {b.provider.firstname} {b.provider.lastname}
                      </span>
                    </a>
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
      </section>

      {/* A dialog whose code cannot load says so (the boundary reports it); the next one opened tries again. */}
      <ErrorBoundary
        key={open ? `${open.kind}-${open.booking.uuid}` : 'none'}
        fallback={
          <p role="alert" className="hv-form-error">
            We could not open this. Please check your connection and try again.
          </p>
        }
      >
        <Suspense fallback={null}>
          {open?.kind === 'cancel' ? (
            <CancelDialog
              booking={open.booking}
              zone={zone}
              onClose={() => setOpen(null)}
              onCancelled={() => afterChange(`Your session with ${providerName(open.booking)} on ${at(open.booking)} has been cancelled.`)}
            />
          ) : null}
          {open?.kind === 'reschedule' ? (
            <RescheduleDialog
              booking={open.booking}
              zone={zone}
              onClose={() => setOpen(null)}
              onRescheduled={(moved) => afterChange(`Your session with ${providerName(moved)} has been moved to ${at(moved)}.`)}
            />
          ) : null}
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
