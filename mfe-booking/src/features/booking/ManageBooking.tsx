import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button, PageFrame, reportError, useApiRead } from '@haven/shared';
import { LoadState } from '@haven/shared/design';
import { cancelReturn, cancelReturnText } from '@haven/shared/booking-rules';
import { usePatientZone, isValidTimeZone, slotLabel } from '@haven/shared/session-times';
import { cancelBooking, fetchBooking, isSlotTaken, rescheduleBooking } from './api/booking-calls';
import { withBookingParams } from './booking-params';
import { sessionSummary } from './session-summary';
import { DateStep } from './steps/DateStep';
import { TimeStep } from './steps/TimeStep';
import { SLOT_TAKEN_MESSAGE } from './steps/ConfirmStep';
import { AppointmentLinks } from '../couple/AppointmentLinks';
import { PartnerCard } from '../couple/PartnerCard';
import './booking.css';

/**
 * /booking/session/:uuid — one booking, shown in the zone of the URL (`tz`, else the patient's), with
 * reschedule (`action=reschedule`, then `date`) and cancel. The zone stays the one the patient sees.
 */
export function ManageBooking() {
  const { uuid = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const q = new URLSearchParams(location.search);
  const { zone: patientZone } = usePatientZone();
  const tz = q.get('tz');
  const zone = tz && isValidTimeZone(tz) ? tz : patientZone;
  const action = q.get('action');
  const date = q.get('date');
  const [version, setVersion] = useState(0);
  const booking = useApiRead((signal) => fetchBooking(uuid, signal), [`${uuid}#${version}`], 'manage-booking');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // What a cancellation gives back depends on the time (nothing after the start); the page's opening time is close enough.
  const [openedAt] = useState(() => Date.now());

  const set = (patch: Record<string, string | null>, replace = false) =>
    navigate({ pathname: location.pathname, search: withBookingParams(location.search, patch) }, { replace });
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
      setMessage(done);
      setVersion((v) => v + 1);
      set({ action: null, date: null });
    } catch (e) {
      if (isSlotTaken(e)) setMessage(SLOT_TAKEN_MESSAGE);
      else {
        reportError(e, { area: 'manage-booking' });
        setMessage('That did not work. Nothing was changed; please try again.');
      }
    } finally {
      setBusy(false);
    }
  };

  const b = booking.data;
  const label = b ? slotLabel(b.start_time, zone) : null;
  const open = b && ['pending', 'confirmed'].includes(b.status);
  return (
    <PageFrame title="Your session" app="mfe-booking" pathname={location.pathname}>
      {!b && <LoadState read={booking} what="This session" />}
      {message && (
        <p role="status" className="hv-booking__notice">
          {message}
        </p>
      )}
      {b && (
        <section className="hv-booking__confirm" aria-label="Session details">
          <dl className="hv-booking__summary">
            <div>
              <dt>With</dt>
              <dd>
                {b.provider.firstname} {b.provider.lastname}
              </dd>
            </div>
            <div>
              <dt>When</dt>
              <dd data-testid="session-when">{label ? `${label.text} ${label.zone}` : b.start_time}</dd>
            </div>
            <div>
              <dt>Session</dt>
              <dd>{sessionSummary(b.session_type, b.mode, b.duration_minutes)}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd data-testid="session-status">{b.status}</dd>
            </div>
          </dl>
          {b.session_type === 'couple' && (
            <PartnerCard bookingUuid={b.uuid} confirmed={b.status === 'confirmed'} editable={Boolean(open)} />
          )}
          {open && <AppointmentLinks bookingUuid={b.uuid} zone={zone} />}
          {open && action !== 'reschedule' && action !== 'cancel' && (
            <div className="hv-booking__actions">
              <Button variant="secondary" onClick={() => set({ action: 'reschedule' })}>
                Reschedule
              </Button>
              <Button variant="danger-ghost" onClick={() => set({ action: 'cancel' })}>
                Cancel session
              </Button>
            </div>
          )}
          {open && action === 'reschedule' && !date && (
            <DateStep
              providerUuid={b.provider.uuid}
              zone={zone}
              selected={null}
              onZone={(z) => set({ tz: z }, true)}
              onPick={(d) => set({ date: d })}
            />
          )}
          {open && action === 'reschedule' && date && (
            <TimeStep
              providerUuid={b.provider.uuid}
              date={date}
              zone={zone}
              notice={null}
              onZone={(z) => set({ tz: z }, true)}
              onPick={(s) => void run(() => rescheduleBooking(b.uuid, s), 'Your session has been moved.')}
              onOtherDate={() => set({ date: null })}
            />
          )}
          {open && action === 'cancel' && (
            <form
              className="hv-booking__form"
              aria-label="Cancel session"
              onSubmit={(e) => {
                e.preventDefault();
                if (reason.trim()) void run(() => cancelBooking(b.uuid, reason.trim()), 'Your session has been cancelled.');
              }}
            >
              <p data-testid="cancel-return">{cancelReturnText(cancelReturn(b, openedAt))}</p>
              <div className="hv-filter">
                <label htmlFor="hv-cancel-reason">Why are you cancelling?</label>
                <textarea
                  id="hv-cancel-reason"
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  maxLength={500}
                  required
                  rows={3}
                />
              </div>
              <Button type="submit" variant="danger" disabled={busy}>
                Cancel this session
              </Button>
              <Button variant="ghost" onClick={() => set({ action: null })}>
                Keep it
              </Button>
            </form>
          )}
        </section>
      )}
    </PageFrame>
  );
}
