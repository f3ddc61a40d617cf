import { lazy, Suspense } from 'react';
import { Spinner, useApiRead } from '@haven/shared';
import { LoadState } from '@haven/shared/design';
import { discountText } from '@haven/shared/booking-rules';
import { fetchScheduleCounts } from '../../couple/couple-calls';
import { calendarDay } from '../../common/calendar-day';
import { ZonePicker } from '../ZonePicker';

// Only a provider with no free time needs it: its form code loads then.
const WaitlistJoin = lazy(() => import('../../waitlist/WaitlistJoin').then((m) => ({ default: m.WaitlistJoin })));

interface Props {
  providerUuid: string;
  /** When given, a provider with no free time offers its waitlist (booking; not when rescheduling). */
  providerName?: string;
  zone: string;
  selected: string | null;
  onZone(zone: string): void;
  onPick(date: string): void;
}

/** The date strip covers the booking horizon (the api's 21 days). */
const DAYS = 21;

/** Step 3: every day of the next three weeks with its count of free times in the chosen zone; days with none are shown but cannot be chosen. */
export function DateStep({ providerUuid, providerName, zone, selected, onZone, onPick }: Props) {
  const days = useApiRead(
    (signal) => fetchScheduleCounts(providerUuid, zone, DAYS, signal),
    [`${providerUuid}|${zone}`],
    'schedule-counts',
  );
  const dates = { ...days, data: days.data && days.data.some((d) => d.slots_count > 0) ? days.data : days.data ? [] : null };
  return (
    <section aria-labelledby="hv-date-heading">
      <h2 id="hv-date-heading" tabIndex={-1}>
        Choose a date
      </h2>
      <ZonePicker zone={zone} onChange={onZone} />
      {!dates.data && <LoadState read={days} what="The dates" />}
      {dates.data && dates.data.length === 0 && !providerName && (
        <p>No free times in the next three weeks. Please choose another provider.</p>
      )}
      {dates.data && dates.data.length === 0 && providerName && (
        <>
          <p>No free times in the next three weeks. Join the waitlist, or choose another provider.</p>
          <Suspense fallback={<Spinner label="Loading the waitlist form" />}>
            <WaitlistJoin providerUuid={providerUuid} providerName={providerName} zone={zone} />
          </Suspense>
        </>
      )}
      {dates.data && dates.data.length > 0 && (
        <ul className="hv-booking__dates" aria-label="Dates with free times">
          {dates.data.map((d) => (
            <li key={d.date}>
              {d.slots_count === 0 ? (
                // A day with nothing free is shown in its place but is not a control.
                <span className="hv-date hv-date--none">
                  <span className="hv-date__day">{calendarDay(d.date)}</span>
                  <span className="hv-date__count">None free</span>
                </span>
              ) : (
                <button
                  type="button"
                  className="hv-date"
                  aria-pressed={selected === d.date}
                  // The name begins with what the button shows (label in name), then the full date.
                  aria-label={`${calendarDay(d.date)}, ${d.slots_count} free${d.best_discount_percent > 0 ? `, ${discountText(d.best_discount_percent)}` : ''}, ${calendarDay(d.date, true)}`}
                  onClick={() => onPick(d.date)}
                >
                  <span className="hv-date__day">{calendarDay(d.date)}</span>
                  <span className="hv-date__count">{d.slots_count} free</span>
                  {d.best_discount_percent > 0 && <span className="hv-discount">{discountText(d.best_discount_percent)}</span>}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
