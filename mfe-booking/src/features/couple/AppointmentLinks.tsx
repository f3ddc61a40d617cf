import { useEffect, useMemo } from 'react';
import { useApiRead } from '@haven/shared';
import { LoadState } from '@haven/shared/design';
import { slotLabel } from '@haven/shared/session-times';
import { fetchAppointmentLinks } from './couple-calls';
import './couple.css';

/** Product rules, Sessions and the room: "appointment links": where the session happens (the room's opening, or the clinic and a map) and a calendar file. */
export function AppointmentLinks({ bookingUuid, zone }: { bookingUuid: string; zone: string }) {
  const links = useApiRead((signal) => fetchAppointmentLinks(bookingUuid, signal), [bookingUuid], 'appointment-links');
  const l = links.data;
  // The calendar file is made in the page (the api sends its text): no signed-in download link needed.
  const calendarUrl = useMemo(
    () => (l ? URL.createObjectURL(new Blob([l.calendar.content], { type: l.calendar.content_type })) : null),
    [l],
  );
  useEffect(
    () => () => {
      if (calendarUrl) URL.revokeObjectURL(calendarUrl);
    },
    [calendarUrl],
  );
  const opens = l?.join ? slotLabel(l.join.opens_at, zone) : null;
  return (
    <section className="hv-appointment" aria-labelledby={`hv-links-${bookingUuid}`}>
      <h3 id={`hv-links-${bookingUuid}`}>Where and how to join</h3>
      {!l && <LoadState read={links} what="The session's links" />}
      {l?.join && (
        <p>
          Online, by video. The room opens {opens ? `${opens.text} ${opens.zone}` : 'ten minutes before the start'}:{' '}
          <a href={l.join.dashboard_path}>join from your dashboard</a>.
        </p>
      )}
      {l?.clinic && (
        <p>
          In clinic at <strong>{l.clinic.centre_name}</strong>, {l.clinic.address}, {l.clinic.city}.{' '}
          <a href={l.clinic.map_url} target="_blank" rel="noopener noreferrer">
            Open in maps<span className="hv-visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      )}
      {l && calendarUrl && (
        <p>
          <a className="hv-button-link hv-button-link--secondary" href={calendarUrl} download={l.calendar.filename}>
            Add to calendar (.ics)
          </a>
        </p>
      )}
    </section>
  );
}
