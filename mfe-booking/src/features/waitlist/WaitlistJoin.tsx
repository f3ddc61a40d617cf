import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button, logInWithReturn, useHavenStore } from '@haven/shared';
import { FormMessage, TextField, useApiSubmit, type KnownApiError } from '@haven/shared/form-kit';
import { slotLabel } from '@haven/shared/session-times';
import { useForm } from '@haven/shared/forms';
import { joinWaitlist } from './waitlist-calls';
import { calendarDay } from '../common/calendar-day';

interface Values {
  from_date: string;
  to_date: string;
}
/** The booking horizon the api counts free times in (schedule_dates: next 21 days). */
const DEFAULT_RANGE_DAYS = 20;
const KNOWN: KnownApiError[] = [
  {
    text: /^There are free times in this range/,
    field: '',
    message: 'There are free times in these dates now. Please go back and book one of them.',
  },
  {
    text: /^The range must end after it starts/,
    field: 'to_date',
    message: 'The last day must be on or after the first day, and not in the past.',
  },
  { text: /^A waitlist range is at most 90 days/, field: 'to_date', message: 'Choose at most 90 days.' },
];

function defaultRange(zone: string) {
  const now = Date.now();
  const today = slotLabel(now, zone)?.date ?? new Date(now).toISOString().slice(0, 10);
  return { today, last: slotLabel(now + DEFAULT_RANGE_DAYS * 86_400_000, zone)?.date ?? today };
}

interface Props {
  providerUuid: string;
  providerName: string;
  zone: string;
}

/** No free time in the patient's range: join this provider's waitlist; an opened time is offered in the app and by e-mail. */
export function WaitlistJoin({ providerUuid, providerName, zone }: Props) {
  const user = useHavenStore((s) => s.auth.user);
  const { pathname, search } = useLocation();
  // The default range, fixed when the form opens.
  const [{ today, last }] = useState(() => defaultRange(zone));
  const [joined, setJoined] = useState<Values | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ shouldFocusError: false, defaultValues: { from_date: today, to_date: last } });
  const submit = useApiSubmit<Values>({
    setError,
    action: 'add you to the waitlist',
    fields: { from_date: { name: 'from_date', label: 'First day' }, to_date: { name: 'to_date', label: 'Last day' } },
    known: KNOWN,
  });

  if (!user) {
    return (
      <p>
        <a className="hv-button-link" href={logInWithReturn(pathname, search)}>
          Log in to join the waitlist
        </a>
      </p>
    );
  }
  if (joined) {
    return (
      <div className="hv-waitlist" role="status">
        <p>
          You are on the waitlist for {providerName} from {calendarDay(joined.from_date, true)} to {calendarDay(joined.to_date, true)}. When
          a time opens we will tell you here in the app and by e-mail.
        </p>
        <p>
          <Link to="/booking/waitlist">Your waitlists</Link>
        </p>
      </div>
    );
  }
  const onSubmit = async (v: Values) => {
    submit.clear();
    try {
      await joinWaitlist({ provider_uuid: providerUuid, from_date: v.from_date, to_date: v.to_date, timezone: zone });
      setJoined(v);
    } catch (e) {
      submit.fail(e);
    }
  };
  const wait = submit.waitSeconds;
  return (
    <form
      className="hv-booking__form hv-waitlist"
      noValidate
      onSubmit={handleSubmit(onSubmit, submit.focusInvalid)}
      aria-labelledby="hv-waitlist-heading"
    >
      <h3 id="hv-waitlist-heading">Join the waitlist</h3>
      <p>Tell us the days that suit you. When {providerName} has a free time in them, we offer it to you first.</p>
      <TextField
        label="First day"
        type="date"
        min={today}
        error={errors.from_date?.message}
        {...register('from_date', { required: 'Choose the first day' })}
      />
      <TextField
        label="Last day"
        type="date"
        min={today}
        error={errors.to_date?.message}
        {...register('to_date', { required: 'Choose the last day' })}
      />
      <Button type="submit" disabled={isSubmitting || wait > 0} aria-busy={isSubmitting}>
        {isSubmitting ? 'Joining…' : wait > 0 ? `Join the waitlist (wait ${wait}s)` : 'Join the waitlist'}
      </Button>
      <FormMessage message={submit.message} />
    </form>
  );
}
