import type { ReactNode } from 'react';
import { type Provider } from '@haven/shared';
import { providerCardPrice, type PatientPricing } from '@haven/shared/booking-rules';
import { slotLabel } from '@haven/shared/session-times';

/**
 * Fee, offer and earliest time in the patient's zone: the facts a card and a profile share. The fee is
 * the price rule's, in the patient's currency, the offer applied: what the booking charges.
 */
export function ProviderFacts({
  provider,
  zone,
  pricing,
  children,
}: {
  provider: Provider;
  zone: string;
  pricing: PatientPricing;
  children?: ReactNode;
}) {
  const fee = providerCardPrice(provider, pricing);
  const earliest = provider.earliest_available_datetime ? slotLabel(provider.earliest_available_datetime, zone) : null;
  return (
    <dl className="hv-provider-card__facts">
      {fee && (
        <div>
          <dt>{fee.sessionType === 'couple' ? 'Couple session from' : 'Session from'}</dt>
          <dd data-testid="provider-fee">
            {fee.total < fee.list ? (
              <>
                <s aria-label={`was ${fee.listText}`}>{fee.listText}</s> {fee.text}
              </>
            ) : (
              fee.text
            )}
          </dd>
        </div>
      )}
      {fee?.offerText && (
        <div>
          <dt>Offer</dt>
          <dd data-testid="provider-offer">{fee.offerText}</dd>
        </div>
      )}
      <div>
        <dt>Earliest available</dt>
        {/* The page names the zone once, above its times. */}
        <dd>{earliest ? earliest.text : 'No free times in the next two weeks'}</dd>
      </div>
      {children}
    </dl>
  );
}
