/**
 * Product rules, Providers and fees: "Provider fee shown only if minimum fee is above 0; the lower of online and offline fee texts is
 * chosen when commercials exist; couple pricing is used when a couple offering exists", with the
 * international_pricing_display_text for patients in a foreign time zone (isUserInForeignTimezone).
 */
import type { OfferingPrice, ProviderPricingFacts as Provider } from './offering';
import { currencySymbol, moneyText } from '../payments/price';

// The money words live with the one price rule; the fee texts and their callers read them from here too.
export { currencySymbol, moneyText };

export interface ProviderFee {
  /** The text to show, e.g. '₹1,500' or '$120'. */
  text: string;
  /** Which offering the text comes from. */
  mode: 'online' | 'offline';
  /** 'couple' when the couple price was used. */
  sessionType: 'individual' | 'couple';
  minimumFee: number;
}

interface Priced {
  fee: number;
  text: string;
  international: string | undefined;
  sessionType: 'individual' | 'couple';
}

/** The price an offering stands for: its couple sub-object when a couple offering exists. */
function priceOf(o: OfferingPrice): Priced {
  const c = o.couple;
  if (c?.offering_couple && typeof c.minimum_fee === 'number' && c.display_text) {
    return { fee: c.minimum_fee, text: c.display_text, international: c.international_pricing_display_text, sessionType: 'couple' };
  }
  return { fee: o.minimum_fee, text: o.display_text, international: o.international_pricing_display_text, sessionType: 'individual' };
}

export function providerFee(
  provider: Pick<Provider, 'online_offering' | 'offline_offering' | 'commercials'>,
  options: { foreignTimezone?: boolean } = {},
): ProviderFee | null {
  const online = provider.online_offering ? { mode: 'online' as const, ...priceOf(provider.online_offering) } : null;
  const offline = provider.offline_offering ? { mode: 'offline' as const, ...priceOf(provider.offline_offering) } : null;
  let chosen = online ?? offline;
  // Only with commercials do both offerings compete; the lower fee wins (online on a tie).
  if (provider.commercials && online && offline && offline.fee < online.fee) chosen = offline;
  if (!chosen || !(chosen.fee > 0)) return null;
  const text = options.foreignTimezone && chosen.international ? chosen.international : chosen.text;
  return { text, mode: chosen.mode, sessionType: chosen.sessionType, minimumFee: chosen.fee };
}
