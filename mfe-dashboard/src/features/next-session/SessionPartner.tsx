import { useApiRead } from '@haven/shared';
import { getPartnerName } from './partner-calls';

/** A couple session's partner on its card, with the way to change them (the session's page). Its line is reserved, so nothing moves. */
export function SessionPartner({ bookingUuid, zone }: { bookingUuid: string; zone: string }) {
  const partner = useApiRead((signal) => getPartnerName(bookingUuid, signal), [bookingUuid], { where: 'session partner', bookingUuid });
  // undefined: not known yet; null: no partner (or the name could not be loaded, reported).
  const name = partner.status === 'loading' ? undefined : partner.data;
  const href = `/booking/session/${encodeURIComponent(bookingUuid)}?tz=${encodeURIComponent(zone)}`;
  return (
    <p className="hv-session-partner" data-testid="session-partner">
      {name === undefined ? (
        '\u00a0'
      ) : name ? (
        <>
          With your partner <strong>{name}</strong> ·{' '}
        </>
      ) : (
        <>No partner added yet · </>
      )}
      {name !== undefined && <a href={href}>{name ? 'Partner, links and calendar' : 'Add your partner'}</a>}
    </p>
  );
}
