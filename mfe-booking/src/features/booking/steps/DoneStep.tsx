import { Spinner, useApiRead } from '@haven/shared';
import { slotLabel } from '@haven/shared/session-times';
import { fetchBooking } from '../api/booking-calls';
import { AppointmentLinks } from '../../couple/AppointmentLinks';
import { PartnerCard } from '../../couple/PartnerCard';

/** Step 7: the booking as the api holds it, shown in the chosen zone. */
export function DoneStep({ bookingUuid, zone }: { bookingUuid: string; zone: string }) {
  const booking = useApiRead((signal) => fetchBooking(bookingUuid, signal), [bookingUuid], 'booking-detail');
  const label = booking.data ? slotLabel(booking.data.start_time, zone) : null;
  return (
    <section aria-labelledby="hv-done-heading" className="hv-booking__confirm">
      <h2 id="hv-done-heading">Your session is booked</h2>
      {!booking.data && !booking.error && <Spinner label="Loading your booking" />}
      {booking.error && <p role="alert">Your session is booked, but we could not load its details. You can see it on your dashboard.</p>}
      {booking.data && (
        <p data-testid="booked-when">
          {booking.data.provider.firstname} {booking.data.provider.lastname},{' '}
          {label ? `${label.text} ${label.zone}` : booking.data.start_time}
        </p>
      )}
      {booking.data?.session_type === 'couple' && (
        <PartnerCard
          bookingUuid={bookingUuid}
          confirmed={booking.data.status === 'confirmed'}
          editable={['pending', 'confirmed'].includes(booking.data.status)}
        />
      )}
      {booking.data && <AppointmentLinks bookingUuid={bookingUuid} zone={zone} />}
      <p className="hv-booking__actions">
        <a className="hv-button-link" href="/dashboard">
          Go to my dashboard
        </a>
        <a href={`/booking/session/${bookingUuid}?tz=${encodeURIComponent(zone)}`}>Reschedule or cancel</a>
      </p>
    </section>
  );
}
