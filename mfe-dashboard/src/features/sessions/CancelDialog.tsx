import { useState, type FormEvent } from 'react';
import { Dialog, Button } from '@haven/shared';
import { cancelReturn, cancelReturnText } from '@haven/shared/booking-rules';
import { useDialogAction } from '../common/useDialogAction';
import { cancelBooking, type SessionBooking } from './api/session-calls';
import { providerName } from './session-labels';
import { sessionWhen } from './SessionCard';

export const CANCEL_REASONS = [
  'I have a scheduling conflict',
  'I am feeling better',
  'I want to see a different provider',
  'The fee does not work for me right now',
  'Other',
] as const;

interface Props {
  booking: SessionBooking;
  zone: string;
  onClose: () => void;
  onCancelled: () => void;
}

/** Cancel with a reason; the typed text stays in the dialog when the call fails. */
export function CancelDialog({ booking, zone, onClose, onCancelled }: Props) {
  const [choice, setChoice] = useState<string>('');
  const [details, setDetails] = useState('');
  const { busy, run, alert, setError } = useDialogAction('We could not cancel this session. Please try again.');
  // What comes back depends on the time (nothing after the start); the dialog's opening time is close enough.
  const [openedAt] = useState(() => Date.now());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) {
      setError('Please choose a reason.');
      return;
    }
    const reason = details.trim() ? `${choice}: ${details.trim()}` : choice;
    void run('cancel session', () => cancelBooking(booking.uuid, reason).then(() => undefined), onCancelled);
  };

  return (
    <Dialog title="Cancel session" description={`${providerName(booking)}, ${sessionWhen(booking, zone)}`} onDismiss={onClose}>
      <form onSubmit={submit} aria-label="Cancel session" noValidate>
        <p data-testid="cancel-return">{cancelReturnText(cancelReturn(booking, openedAt))}</p>
        <fieldset className="hv-choice-list">
          <legend>Why are you cancelling?</legend>
          {CANCEL_REASONS.map((reason) => (
            <label key={reason} className="hv-choice">
              <input type="radio" name="reason" value={reason} checked={choice === reason} onChange={() => setChoice(reason)} />
              {reason}
            </label>
          ))}
        </fieldset>
        <label className="hv-field-label" htmlFor="cancel-details">
          Anything else you want to tell us (optional)
        </label>
        <textarea
          id="cancel-details"
          className="hv-textarea"
          rows={3}
          maxLength={400}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
        />
        {alert}
        <div className="hv-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Keep session
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? 'Cancelling…' : 'Cancel session'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
