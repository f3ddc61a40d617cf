import { useEffect, useState, type ReactNode } from 'react';
import { useHavenStore } from '@haven/shared';
import { sessionStartLabel, zoneName } from '@haven/shared/session-times';
import { isJoinOpen } from '@haven/shared/dashboard-rules';
import type { SessionBooking } from './api/session-calls';
import { providerName, providerTypeLabel, sessionKindLabel, sessionPlaceLabel } from './session-labels';

/** The start as the patient reads it, or '' when the date or zone is invalid (reported). */
export function sessionWhen(b: SessionBooking, zone: string, now = Date.now()): string {
  return sessionStartLabel(b.start_time, zone, now) ?? '';
}

/** Re-renders every 30 s so Today/Tomorrow and the join window follow the clock. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

interface Props {
  booking: SessionBooking;
  zone: string;
  now: number;
  actions?: ReactNode;
}

export function SessionCard({ booking, zone, now, actions }: Props) {
  const clinics = useHavenStore((s) => s.clinics.clinics);
  const when = sessionWhen(booking, zone, now);
  const zoneLabel = zoneName(zone, booking.start_time);
  const name = providerName(booking);
  const initials = `${booking.provider.firstname[0] ?? ''}${booking.provider.lastname[0] ?? ''}`.toUpperCase();
  return (
    <article className="hv-session" aria-label={`Session with ${name}`}>
      <span className="hv-session__photo" aria-hidden="true">
        {initials}
      </span>
      <div className="hv-session__body">
        <h3 className="hv-session__name">{name}</h3>
        <p className="hv-session__meta">
          {providerTypeLabel(booking.provider.roles)} · {sessionKindLabel(booking)} · {sessionPlaceLabel(booking, clinics)}
        </p>
        {when ? (
          <p className="hv-session__when">
            <time dateTime={booking.start_time}>{when}</time>
            {zoneLabel ? <span className="hv-session__zone"> {zoneLabel}</span> : null}
          </p>
        ) : null}
        {actions ? <div className="hv-session__actions">{actions}</div> : null}
      </div>
    </article>
  );
}

export function canJoin(b: SessionBooking, now: number): boolean {
  return isJoinOpen(b.start_time, b.end_time, now);
}
