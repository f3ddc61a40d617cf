import type { ReactNode } from 'react';
import { type Provider } from '@haven/shared';
import { offerText, providerFee } from '@haven/shared/booking-rules';
import { slotLabel } from '@haven/shared/session-times';

/** Fee (spec §5), offer and earliest time in the patient's zone: the facts a card and a profile share. */
export function ProviderFacts({ provider, zone, foreign, children }: { provider: Provider; zone: string; foreign: boolean; children?: ReactNode }) {
  const fee = providerFee(provider, { foreignTimezone: foreign });
  const offer = offerText(provider.offer);
  const earliest = provider.earliest_available_datetime ? slotLabel(provider.earliest_available_datetime, zone) : null;
  return (
    <dl className="hv-provider-card__facts">
      {fee && (
        <div>
          <dt>{fee.sessionType === 'couple' ? 'Couple session from' : 'Session from'}</dt>
          <dd data-testid="provider-fee">{fee.text}</dd>
        </div>
      )}
      {offer && (
        <div>
          <dt>Offer</dt>
          <dd data-testid="provider-offer">{offer}</dd>
        </div>
      )}
      <div>
        <dt>Earliest available</dt>
        <dd>{earliest ? `${earliest.text} ${earliest.zone}` : 'No free times in the next two weeks'}</dd>
      </div>
      {children}
    </dl>
  );
}
