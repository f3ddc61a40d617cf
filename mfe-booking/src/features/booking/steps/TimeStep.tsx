import { useEffect, useRef } from 'react';
import { Button, useApiRead } from '@haven/shared';
import { LoadState } from '@haven/shared/design';
import { discountText } from '@haven/shared/booking-rules';
import { slotLabel } from '@haven/shared/session-times';
import { fetchSlots } from '../api/booking-calls';
import { ZonePicker } from '../ZonePicker';
import { calendarDay } from '../../common/calendar-day';
import { useScheduleDiscounts } from '../../couple/useScheduleDiscounts';

interface Props {
  providerUuid: string;
  date: string;
  zone: string;
  /** Shown above the list when the patient's previous choice was just taken by someone else. */
  notice: string | null;
  onZone(zone: string): void;
  onPick(startIso: string): void;
  /** Whether the step shows its own zone picker (not beside the dates, which show one). */
  zonePicker?: boolean;
  /** A way back to the dates, where they are not on the same screen (rescheduling). */
  onOtherDate?(): void;
  /** Where the patient finishes paying their own held booking (default: the booking flow's payment step). */
  finishPayingHref?(bookingUuid: string): string;
}

const payingLink = (providerUuid: string, zone: string) => (bookingUuid: string) =>
  `/booking?provider=${providerUuid}&step=6&booking=${bookingUuid}&tz=${encodeURIComponent(zone)}`;

/**
 * Step 4: the free times on the chosen date, in the chosen zone. Focus moves to the list's heading and
 * the count is announced; each time button names day, time and zone.
 */
export function TimeStep({
  providerUuid,
  date,
  zone,
  notice,
  onZone,
  onPick,
  onOtherDate,
  zonePicker = true,
  finishPayingHref = payingLink(providerUuid, zone),
}: Props) {
  const slots = useApiRead((signal) => fetchSlots(providerUuid, date, zone, signal), [`${providerUuid}|${date}|${zone}`], 'slots');
  const discounts = useScheduleDiscounts(providerUuid, zone, date);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [date]);
  const count = slots.data?.slots.length ?? 0;
  const held = slots.data?.held ?? [];
  return (
    <section aria-labelledby="hv-time-heading">
      <h2 id="hv-time-heading" ref={heading} tabIndex={-1} data-step-heading>
        Times on {calendarDay(date, true)}
      </h2>
      {notice && (
        <p role="alert" className="hv-booking__notice">
          {notice}
        </p>
      )}
      {zonePicker && <ZonePicker zone={zone} onChange={onZone} />}
      <p aria-live="polite" className="hv-booking__count">
        {slots.data ? `${count} ${count === 1 ? 'time' : 'times'} available on ${calendarDay(date, true)}` : ''}
      </p>
      {!slots.data && <LoadState read={slots} what="The times" />}
      {slots.data && (
        <ul className="hv-booking__slots" aria-label={`Free times, ${zone.replace(/_/g, ' ')}`}>
          {slots.data.slots.map((s) => {
            const label = slotLabel(s.start_time, zone);
            if (!label) return null;
            const off = discounts.get(s.start_time);
            return (
              <li key={s.start_time}>
                <button
                  type="button"
                  className="hv-slot"
                  // The name begins with what the button shows (label in name), then the full day and zone.
                  aria-label={`${label.time}${off ? `, ${discountText(off.percent)}` : ''}, ${label.spoken}`}
                  data-start={s.start_time}
                  onClick={() => onPick(s.start_time)}
                >
                  {label.time}
                  {off && <span className="hv-discount">{discountText(off.percent)}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {held.length > 0 && (
        // Why a time is missing from the free ones: an unpaid booking holds it while its patient pays.
        <ul className="hv-booking__held" aria-label="Held times">
          {held.map((h) => {
            const label = slotLabel(h.start_time, zone);
            const until = slotLabel(h.held_until, zone)?.time ?? '';
            if (!label) return null;
            return (
              <li key={h.start_time} data-testid="held-time">
                {h.booking_uuid ? (
                  <>
                    <strong>{label.time}</strong> is held for you until {until}, waiting for your payment.{' '}
                    <a href={finishPayingHref(h.booking_uuid)}>Finish paying for it</a>
                  </>
                ) : (
                  <>
                    <strong>{label.time}</strong> is held for another patient who is paying for it, until {until} at the latest. If they do
                    not pay, it becomes free again.
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {onOtherDate && (
        <Button variant="ghost" onClick={onOtherDate}>
          Choose another date
        </Button>
      )}
    </section>
  );
}
