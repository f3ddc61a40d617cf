// A session the provider suggested is booked like any other: free ones are confirmed here, a priced one
// is paid in the booking app's payment step (the api confirms a priced booking only by its payment).
import { bookingLink } from '@haven/shared';
import type { SessionBooking } from './api/session-calls';

/** The booking flow's payment step for `booking`, with its open checkout `transactionId`. */
export function suggestedCheckoutHref(booking: SessionBooking, transactionId: string, zone: string, company: string | null): string {
  const q = new URLSearchParams({
    provider: booking.provider.uuid,
    step: '6',
    mode: booking.mode,
    type: booking.session_type === 'couple' ? 'couple' : 'individual',
    duration: String(booking.duration_minutes),
    // The date step's day is the patient's day of the start, in the zone the times are shown in.
    date: new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(booking.start_time),
    ),
    slot: booking.start_time,
    tz: zone,
    booking: booking.uuid,
    tx: transactionId,
  });
  return bookingLink(`/booking?${q.toString()}`, company);
}
