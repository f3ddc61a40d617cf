/** Product rules, Providers and fees: Offer shown on a card: the discount amount with its currency symbol, or a percentage. */
import type { Offer } from './offering';
import { moneyText } from './provider-fee';

export function offerText(offer: Offer | null | undefined): string | null {
  if (!offer) return null;
  const amount = offer.discount_amount;
  if (amount && amount.value > 0) {
    const currency = amount.currency || offer.discount_amount_currency || '';
    return `${moneyText(amount.value, currency)} off`;
  }
  if (offer.discount_percentage && offer.discount_percentage > 0) return `${offer.discount_percentage}% off`;
  return null;
}
