// The landing's "Prices from": the lowest price of a standard session among the providers the api lists,
// in the visitor's own currency, computed by the one price rule (never a figure written into the page).
import { sessionPrice, type PatientPricing, type ShownPrice } from '@haven/shared/booking-rules';
import type { Provider } from '@haven/shared';
import { CARD_SESSION_MINUTES, patientCurrency } from '../discovery/standard-session';

type Priced = Pick<Provider, 'online_offering' | 'offline_offering' | 'offer' | 'covered_by'>;

/**
 * The lowest price of an individual session of the standard length, online or in clinic, the providers'
 * offers applied, among prices in the visitor's currency. Null when none is (or a package covers the
 * sessions: there is nothing to pay, and "from" would mislead).
 */
export function lowestSessionPrice(providers: readonly Priced[], pricing: Pick<PatientPricing, 'international'>): ShownPrice | null {
  if (providers.some((p) => p.covered_by)) return null;
  const currency = patientCurrency(pricing);
  let lowest: ShownPrice | null = null;
  for (const provider of providers)
    for (const mode of ['online', 'offline'] as const) {
      const price = sessionPrice(
        provider,
        { mode, sessionType: 'individual', durationMinutes: CARD_SESSION_MINUTES, scheduleDiscountPercent: 0 },
        pricing,
      );
      if (price && price.currency === currency && price.total > 0 && (!lowest || price.total < lowest.total)) lowest = price;
    }
  return lowest;
}
