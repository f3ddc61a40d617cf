// The card's pure decisions, one place for the list and the profile: what the price line says (covered,
// free, or the price rule's price with a note when the provider is priced in another currency than the
// patient's), and where a free time leads (the booking at its Confirm step with that time chosen).
import { bookingLink, type Provider } from '@haven/shared';
import { providerCardPrice, type PatientPricing, type ShownPrice } from '@haven/shared/booking-rules';
import { CARD_SESSION_MINUTES, patientCurrency } from './standard-session';

const CURRENCY_WORDS: Record<string, string> = { INR: 'Indian rupees (₹)', USD: 'US dollars ($)' };

export type PriceLine =
  | { kind: 'covered'; company: string; text: string }
  | { kind: 'free'; text: 'Free' }
  | { kind: 'price'; price: ShownPrice; note: string | null }
  | { kind: 'none' };

/**
 * Sponsored means ₹0 (DESIGN "Readings settled"): a provider the patient's company package covers shows
 * "Covered by <company>" and ₹0. A provider whose offerings cost nothing says "Free". Otherwise the
 * price rule's card price; when it is not in the patient's currency (the provider has no price in it),
 * a plain note says so.
 */
export function priceLine(provider: Provider, pricing: Pick<PatientPricing, 'international'>): PriceLine {
  if (provider.covered_by) return { kind: 'covered', company: provider.covered_by, text: patientCurrency(pricing) === 'USD' ? '$0' : '₹0' };
  const price = providerCardPrice(provider, pricing);
  if (price) {
    const mine = patientCurrency(pricing);
    const note = price.currency !== mine ? `Priced in ${CURRENCY_WORDS[price.currency] ?? price.currency}` : null;
    return { kind: 'price', price, note };
  }
  const offerings = [provider.online_offering, provider.offline_offering].filter((o) => o != null);
  return offerings.length > 0 && offerings.every((o) => !(o.minimum_fee > 0)) ? { kind: 'free', text: 'Free' } : { kind: 'none' };
}

/** The calendar date of an instant in `zone` (YYYY-MM-DD), as the booking flow's `date` reads it. */
const dateIn = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

/**
 * The booking at Confirm with this time chosen: online when the provider offers it, else in clinic at
 * their first centre; an individual session of the standard length (the booking-link rule adds the company).
 */
export function bookAtHref(
  provider: Pick<Provider, 'uuid' | 'online_offering' | 'offline_offering' | 'clinic_centre_ids'>,
  startIso: string,
  zone: string,
  company: string | null,
): string {
  const offline = !provider.online_offering && provider.offline_offering;
  const centre = provider.clinic_centre_ids?.[0];
  const q = new URLSearchParams({
    provider: provider.uuid,
    step: '5',
    mode: offline ? 'offline' : 'online',
    type: 'individual',
    duration: String(CARD_SESSION_MINUTES),
    date: dateIn(startIso, zone),
    slot: startIso,
    tz: zone,
  });
  // In clinic without a known centre: the session step asks for it, the time kept in the address.
  if (offline) {
    if (centre) q.set('centre', String(centre));
    else q.set('step', '1');
  }
  return bookingLink(`/booking?${q.toString()}`, company);
}
