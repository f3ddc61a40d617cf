import { useEffect, useState } from 'react';
import { bookingLink, reportError, slotLabel, type Booking } from '@haven/shared';
import { getNextSessionSlots, type NextSessionSlots } from './next-session-calls';
import { nextSessionAnchor, nextSessionHref } from './next-session';
import './NextSession.css';

interface Props {
  upcoming: readonly Booking[];
  completed: readonly Booking[];
  /** The lists have answered (the offer waits for them, so it is chosen once). */
  listsSettled: boolean;
  zone: string;
  onSettled(settled: boolean): void;
}

/**
 * "Book your next session": a few next free times with the provider of the patient's next (or last)
 * session, each one tap to Confirm with that time chosen. A failure hides the offer (reported).
 */
export function NextSessionOffer({ upcoming, completed, listsSettled, zone, onSettled }: Props) {
  const anchor = listsSettled ? nextSessionAnchor(upcoming, completed) : null;
  const [answer, setAnswer] = useState<{ uuid: string; data: NextSessionSlots | null } | null>(null);
  const uuid = anchor?.uuid ?? null;
  useEffect(() => {
    if (!listsSettled) return;
    if (!uuid) {
      onSettled(true);
      return;
    }
    const controller = new AbortController();
    getNextSessionSlots(uuid, controller.signal).then(
      (data) => setAnswer({ uuid, data }),
      (e: unknown) => {
        if (controller.signal.aborted) return;
        reportError(e, { where: 'next session slots', uuid });
        setAnswer({ uuid, data: null });
      },
    );
    return () => controller.abort();
  }, [uuid, listsSettled, onSettled]);
  const current = answer && answer.uuid === uuid ? answer.data : null;
  useEffect(() => {
    if (answer && answer.uuid === uuid) onSettled(true);
  }, [answer, uuid, onSettled]);

  if (!current || current.slots.length === 0) return null;
  const name = `${current.provider.firstname} ${current.provider.lastname}`;
  const company = window.localStorage.getItem('company');
  return (
    <section aria-labelledby="next-session-heading" className="hv-sessions hv-next-session">
      <h2 id="next-session-heading">Book your next session with {name}</h2>
      <p className="hv-next-session__meta">
        {current.session_type === 'couple' ? 'Couple session' : 'Session'}, {current.mode === 'online' ? 'online' : 'in clinic'}, {current.duration_minutes} minutes. Choose a time:
      </p>
      <ul className="hv-next-session__slots" aria-label={`Next free times with ${name}`}>
        {current.slots.map((s) => {
          const label = slotLabel(s.start_time, zone);
          if (!label) return null;
          return (
            <li key={s.start_time}>
              <a className="hv-button-link hv-button-link--secondary" href={bookingLink(nextSessionHref(current, s.start_time, zone), company)} aria-label={`Book ${label.spoken}${s.discount_percent ? `, ${s.discount_percent}% off` : ''}`}>
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
