import { useEffect, useState, type FormEvent } from 'react';
import { Dialog, Button, reportError, Spinner } from '@haven/shared';
import { LoadFailed } from '@haven/shared/design';
import { useDialogAction } from '../common/useDialogAction';
import { getFreeSlots, rescheduleBooking, type SessionBooking, type Slot } from './api/session-calls';
import { providerName } from './session-labels';
import { sessionWhen } from './SessionCard';

interface Props {
  booking: SessionBooking;
  zone: string;
  onClose: () => void;
  /** Called with the booking at its new time. */
  onRescheduled: (moved: SessionBooking) => void;
}

function localDate(instant: string | number, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
}

/** Pick a day and one of the provider's free slots on it (in the patient's zone). */
export function RescheduleDialog({ booking, zone, onClose, onRescheduled }: Props) {
  const [today] = useState(() => localDate(Date.now(), zone));
  const [date, setDate] = useState(() => localDate(booking.start_time, zone));
  // The free slots of the day they were loaded for (null: they could not be); another day, or a retry, shows
  // the spinner until its answer.
  const [loaded, setLoaded] = useState<{ date: string; slots: Slot[] | null } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [chosen, setChosen] = useState('');
  const { busy, run, alert, setError } = useDialogAction(
    'We could not move this session. The time may have just been taken; please choose another.',
  );
  const answered = loaded?.date === date;
  const slots = answered ? loaded.slots : null;

  useEffect(() => {
    let live = true;
    getFreeSlots(booking.provider.uuid, date, zone)
      .then((found) => live && setLoaded({ date, slots: found }))
      .catch((e: unknown) => {
        reportError(e, { where: 'reschedule slots' });
        if (live) setLoaded({ date, slots: null });
      });
    return () => {
      live = false;
    };
  }, [booking.provider.uuid, date, zone, attempt]);
  const retry = () => {
    setLoaded(null);
    setAttempt((n) => n + 1);
  };

  const changeDay = (next: string) => {
    if (!next) return;
    setChosen('');
    setError(null);
    setDate(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setError('Please choose a new time.');
      return;
    }
    let moved: SessionBooking = { ...booking, start_time: chosen };
    void run(
      'reschedule session',
      () =>
        rescheduleBooking(booking.uuid, chosen).then((b) => {
          moved = b;
        }),
      () => onRescheduled(moved),
    );
  };

  return (
    <Dialog title="Reschedule session" description={`${providerName(booking)}, now ${sessionWhen(booking, zone)}`} onDismiss={onClose}>
      <form onSubmit={submit} aria-label="Reschedule session" noValidate>
        <label className="hv-field-label" htmlFor="reschedule-date">
          Day
        </label>
        <input
          id="reschedule-date"
          className="hv-input"
          type="date"
          min={today}
          max={new Date(Date.parse(today) + 21 * 86_400_000).toISOString().slice(0, 10)}
          value={date}
          onChange={(e) => changeDay(e.target.value)}
        />
        <fieldset className="hv-choice-list hv-slot-list">
          <legend>Free times</legend>
          {!answered ? <Spinner label="Loading free times" size="sm" /> : null}
          {answered && slots === null ? <LoadFailed what="The free times" retry={retry} /> : null}
          {slots?.length === 0 ? <p>No free times on this day. Please choose another day.</p> : null}
          {slots?.map((slot) => (
            <label key={slot.start_time} className="hv-choice hv-slot">
              <input
                type="radio"
                name="slot"
                value={slot.start_time}
                checked={chosen === slot.start_time}
                onChange={() => setChosen(slot.start_time)}
              />
              {slot.display_time}
            </label>
          ))}
        </fieldset>
        {alert}
        <div className="hv-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Keep current time
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Moving…' : 'Move session'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
