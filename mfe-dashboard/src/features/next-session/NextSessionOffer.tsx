import { useApiRead, useHavenStore, bookingLink } from '@haven/shared';
import { slotLabel, usePatientZone } from '@haven/shared/session-times';
import { getNextSessionSlots, type NextSessionSlots } from './next-session-calls';
import { nextSessionAnchor, nextSessionHref } from './next-session';
import './NextSession.css';

/**
 * "Book your next session": a few next free times with the provider of the patient's next (or last)
 * session, each one tap to Confirm with that time chosen. A failure hides the offer (reported).
 */
export function NextSessionOffer({ ready }: { ready: boolean }) {
  // The sessions section loads the lists; `ready` says they answered (the offer is chosen once).
  const upcoming = useHavenStore((s) => s.sessions.upcomingSessions);
  const completed = useHavenStore((s) => s.sessions.completedSessions);
  const { zone } = usePatientZone();
  const anchor = ready ? nextSessionAnchor(upcoming, completed) : null;
  const uuid = anchor?.uuid ?? null;
  const slots = useApiRead<NextSessionSlots | null>(
    (signal) => (uuid ? getNextSessionSlots(uuid, signal) : Promise.resolve(null)),
    [uuid],
    {
      where: 'next session slots',
      uuid,
    },
  );
  const current = slots.data;

  if (!current || current.slots.length === 0) return null;
  const name = `${current.provider.firstname} ${current.provider.lastname}`;
  const company = window.localStorage.getItem('company');
  return (
    <section aria-labelledby="next-session-heading" className="hv-sessions hv-next-session">
      <h2 id="next-session-heading">Book your next session with {name}</h2>
      <p className="hv-next-session__meta">
        {current.session_type === 'couple' ? 'Couple session' : 'Session'}, {current.mode === 'online' ? 'online' : 'in clinic'},{' '}
        {current.duration_minutes} minutes. Choose a time:
      </p>
      <ul className="hv-next-session__slots" aria-label={`Next free times with ${name}`}>
        {current.slots.map((s) => {
          const label = slotLabel(s.start_time, zone);
          if (!label) return null;
          return (
            <li key={s.start_time}>
              <a
                className="hv-button-link hv-button-link--secondary"
                href={bookingLink(nextSessionHref(current, s.start_time, zone), company)}
              >
                {/* The name is the visible time with "Book" before it (WCAG 2.5.3: the label is in the name). */}
                <span className="hv-visually-hidden">Book </span>
                {label.text}
                {s.discount_percent > 0 ? <span className="hv-next-session__off"> · {s.discount_percent}% off</span> : null}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
