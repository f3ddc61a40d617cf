import type { ReactNode } from 'react';
import { type Provider } from '@haven/shared';
import { concernLabel, languageLabel, type PatientPricing } from '@haven/shared/booking-rules';
import { priceLine } from './card-facts';

/**
 * The facts a card and a profile share: the price line (covered, free, or the price rule's price in the
 * patient's currency, the offer applied, with a note when the provider is priced in another), years of
 * experience, languages and, on a card, the concerns they help with (a profile links them instead).
 */
export function ProviderFacts({
  provider,
  pricing,
  concerns = true,
  children,
}: {
  provider: Provider;
  pricing: PatientPricing;
  /** Whether the concerns are a fact here (the profile lists them as links of their own). */
  concerns?: boolean;
  children?: ReactNode;
}) {
  const line = priceLine(provider, pricing);
  const fee = line.kind === 'price' ? line.price : null;
  return (
    <dl className="hv-provider-card__facts">
      {line.kind === 'covered' && (
        <div>
          <dt>Covered by {line.company}</dt>
          <dd data-testid="provider-fee">{line.text}</dd>
        </div>
      )}
      {line.kind === 'free' && (
        <div>
          <dt>Session</dt>
          <dd data-testid="provider-fee">{line.text}</dd>
        </div>
      )}
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
      {line.kind === 'price' && line.note && (
        <p className="hv-provider-card__price-note" data-testid="provider-price-note">
          {line.note}
        </p>
      )}
      {fee?.offerText && (
        <div>
          <dt>Offer</dt>
          <dd data-testid="provider-offer">{fee.offerText}</dd>
        </div>
      )}
      {provider.experience_years ? (
        <div>
          <dt>Experience</dt>
          <dd>
            {provider.experience_years} {provider.experience_years === 1 ? 'year' : 'years'}
          </dd>
        </div>
      ) : null}
      {provider.languages?.length ? (
        <div>
          <dt>Languages</dt>
          <dd data-testid="provider-languages">{provider.languages.map(languageLabel).join(', ')}</dd>
        </div>
      ) : null}
      {concerns && provider.concerns?.length ? (
        <div>
          <dt>Helps with</dt>
          <dd>{provider.concerns.map(concernLabel).join(', ')}</dd>
        </div>
      ) : null}
      {children}
    </dl>
  );
}
