import { useApiRead } from '@haven/shared';
import { usePatientPricing } from '@haven/shared/booking-rules';
import { fetchListedProviders } from './prices-from-calls';
import { CARD_SESSION_MINUTES } from '../discovery/standard-session';
import { lowestSessionPrice } from './prices-from';

/**
 * "Sessions from ₹1,000": the lowest standard session among the providers listed (the list comes lowest
 * price tier first), in the visitor's currency. Nothing while it loads or if it cannot say.
 */
export function PricesFrom() {
  const providers = useApiRead(fetchListedProviders, [], 'landing prices from');
  const pricing = usePatientPricing();
  const lowest = providers.data ? lowestSessionPrice(providers.data, pricing) : null;
  if (!lowest) return null;
  return (
    <>
      Sessions from <strong>{lowest.text}</strong> for {CARD_SESSION_MINUTES} minutes.
    </>
  );
}
