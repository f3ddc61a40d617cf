import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button, PageFrame, RequireSignIn, reportError, useApiRead } from '@haven/shared';
import { LoadState } from '@haven/shared/design';
import { slotLabel, usePatientZone } from '@haven/shared/session-times';
import { fetchNotifications, fetchWaitlists, leaveWaitlist, markNotificationRead, type Waitlist } from './waitlist-calls';
import './waitlist.css';

const STATUS: Record<Waitlist['status'], string> = {
  waiting: 'Waiting for a time',
  offered: 'A time opened',
  booked: 'Booked',
  left: 'Left',
  lapsed: 'The time offered to you was not booked in time and went to the next in line',
};

/** /booking/waitlist: the patient's waitlists and the offers (in-app notifications) a slot opening sent them. */
export function WaitlistPage() {
  const location = useLocation();
  return (
    <PageFrame title="Your waitlists" app="mfe-booking" pathname={location.pathname}>
      <RequireSignIn>
        <Waitlists />
      </RequireSignIn>
    </PageFrame>
  );
}

function Waitlists() {
  const { zone } = usePatientZone();
  const [version, setVersion] = useState(0);
  const notes = useApiRead((signal) => fetchNotifications(signal), [`notes#${version}`], 'waitlist-notifications');
  const lists = useApiRead((signal) => fetchWaitlists(signal), [`lists#${version}`], 'waitlists');
  const [problem, setProblem] = useState<string | null>(null);
  const offers = (notes.data ?? []).filter((n) => n.kind === 'waitlist_offer');
  const time = (iso: string) => slotLabel(iso, zone)?.text ?? iso;

  const leave = async (uuid: string) => {
    setProblem(null);
    try {
      await leaveWaitlist(uuid);
      setVersion((v) => v + 1);
    } catch (e) {
      reportError(e, { area: 'waitlists' });
      setProblem('We could not take you off this waitlist. Please try again.');
    }
  };
  // Opening an offer marks it read; the booking goes on whatever that answers (a failure is only reported).
  const opened = (uuid: string) => {
    markNotificationRead(uuid).catch((e: unknown) => reportError(e, { area: 'waitlist-notifications' }));
  };

  return (
    <div className="hv-waitlists">
      <section aria-labelledby="hv-offers-heading">
        <h2 id="hv-offers-heading">Offers</h2>
        {!notes.data && <LoadState read={notes} what="Your offers" />}
        {notes.data && offers.length === 0 && <p>No offers yet. When a time opens, it appears here and we e-mail you.</p>}
        {offers.length > 0 && (
          <ul className="hv-waitlists__list" aria-label="Offers">
            {offers.map((n) => (
              <li key={n.uuid} className={n.read ? 'hv-offer' : 'hv-offer hv-offer--new'}>
                <h3>
                  {n.title}
                  {n.read ? '' : <span className="hv-offer__new"> (new)</span>}
                </h3>
                <p>{n.body}</p>
                {n.link && (
                  <Link className="hv-button-link" to={n.link} onClick={() => opened(n.uuid)}>
                    Book this time
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="hv-lists-heading">
        <h2 id="hv-lists-heading">Waitlists</h2>
        {!lists.data && <LoadState read={lists} what="Your waitlists" />}
        {problem && <p role="alert">{problem}</p>}
        {lists.data && lists.data.length === 0 && (
          <p>
            You are on no waitlist. When a provider has no free time in the days you want, you can join theirs while booking.{' '}
            <Link to="/providers">Find a provider</Link>
          </p>
        )}
        {lists.data && lists.data.length > 0 && (
          <ul className="hv-waitlists__list" aria-label="Waitlists">
            {lists.data.map((w) => {
              const who = w.provider ? `${w.provider.firstname} ${w.provider.lastname}` : `any ${w.role ?? 'provider'}`;
              return (
                <li key={w.uuid} className="hv-offer">
                  <h3>{who}</h3>
                  <p>
                    {STATUS[w.status]}. Days: {slotLabel(w.range_start, zone)?.day ?? ''} to{' '}
                    {slotLabel(new Date(w.range_end).getTime() - 1, zone)?.day ?? ''}.
                  </p>
                  {w.offer && w.status === 'offered' && (
                    <p>
                      {w.offer.provider.firstname} {w.offer.provider.lastname} has a free time on {time(w.offer.start_time)}, held for you
                      until {time(w.offer.held_until)}. <Link to={`/booking?provider=${w.offer.provider.uuid}&step=1`}>Book it</Link>
                    </p>
                  )}
                  {(w.status === 'waiting' || w.status === 'offered') && (
                    <Button variant="secondary" onClick={() => void leave(w.uuid)}>
                      Leave this waitlist
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
