import { useEffect, useState } from 'react';
import { reportError } from '@haven/shared';
import { getPartnerName } from './partner-calls';

/** A couple session's partner on its card, with the way to change them (the session's page). Its line is reserved, so nothing moves. */
export function SessionPartner({ bookingUuid, zone }: { bookingUuid: string; zone: string }) {
  const [name, setName] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    getPartnerName(bookingUuid, controller.signal).then(setName, (e: unknown) => {
      if (controller.signal.aborted) return;
      reportError(e, { where: 'session partner', bookingUuid });
      setName(null);
    });
    return () => controller.abort();
  }, [bookingUuid]);
  const href = `/booking/session/${encodeURIComponent(bookingUuid)}?tz=${encodeURIComponent(zone)}`;
  return (
    <p className="hv-session-partner" data-testid="session-partner">
      {name === undefined ? '\u00a0' : name ? <>With your partner <strong>{name}</strong> · </> : <>No partner added yet · </>}
      {name !== undefined && <a href={href}>{name ? 'Partner, links and calendar' : 'Add your partner'}</a>}
    </p>
  );
}
