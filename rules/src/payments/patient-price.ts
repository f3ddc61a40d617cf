// What a patient sees of money, decided once: the currency comes from their location (the location
// service's is_international, stored as isUserInForeignTimezone), never from the browser's zone alone,
// and every price they see is the one price rule's answer for that currency, offers applied. The api
// receives the zone that location was answered for and prices the booking with the same rule, so the
// number on the card is the number charged.
import type { OfferingPrice, ProviderPricingFacts as Provider } from '../providers/offering';
import { isIndianTimezone } from '../time/indian-timezone';
import { cardPrice, priceOf, priceText, type Price, type PriceOffering, type ProviderOffer, type SessionType } from './price';

/** India's zone when nothing is known of the patient's location: the api prices such a patient in INR. */
export const UNKNOWN_LOCATION_ZONE = 'Asia/Kolkata';

/** The location service's rule: a location outside India's zone is international. */
export function locationIsInternational(zone: string): boolean {
  return !isIndianTimezone(zone);
}

/** The user location details as the store keeps them. */
export interface LocationDetails {
  location: { timezone: string | null } | null;
  isUserInForeignTimezone: boolean;
}

/** A patient's pricing: whether they pay international prices, and the location zone that says so. */
export interface PatientPricing {
  international: boolean;
  /** Sent with a booking or a coupon check so the api prices with the location the patient saw prices for. */
  locationZone: string;
}

/**
 * The one decision. A location answer decides by its is_international; without one (never asked, or
 * the only answer failed) the patient is priced as in India, which is also what the api does for an
 * account whose location it does not know.
 */
export function patientPricing(details: LocationDetails): PatientPricing {
  const zone = details.location?.timezone;
  if (!zone) return { international: false, locationZone: UNKNOWN_LOCATION_ZONE };
  return { international: details.isUserInForeignTimezone, locationZone: zone };
}

type OfferingLike = OfferingPrice | null | undefined;

/** A provider's offering as the price rule reads it (an offering without a currency is in INR). */
export function asPriceOffering(o: OfferingLike): PriceOffering | null {
  if (!o) return null;
  const c = o.couple;
  return {
    minimum_fee: o.minimum_fee,
    currency: o.currency ?? 'INR',
    international_price: o.international_price ?? null,
    couple:
      c?.offering_couple && typeof c.minimum_fee === 'number'
        ? { offering_couple: true, minimum_fee: c.minimum_fee, international_price: c.international_price ?? null }
        : null,
  };
}

const asOffer = (offer: Provider['offer']): ProviderOffer | null =>
  offer ? { discount_amount: offer.discount_amount, discount_percentage: offer.discount_percentage } : null;

/** A price as shown: the rule's price and its words. */
export interface ShownPrice extends Price {
  mode: 'online' | 'offline';
  sessionType: 'individual' | 'couple';
  /** The total in words ('₹1,000', '$38', or 'Free'). */
  text: string;
  /** The list price in words, for striking through when something is taken off. */
  listText: string;
  /** The provider's offer in words when the price applies it ('₹300 off', '15% off'), else null. */
  offerText: string | null;
}

function shown(p: Price, mode: 'online' | 'offline', sessionType: 'individual' | 'couple', offer: Provider['offer']): ShownPrice {
  const applied = p.lines.find((l) => l.kind === 'offer');
  let offerText: string | null = null;
  if (applied && offer) {
    offerText =
      offer.discount_percentage != null && offer.discount_percentage > 0
        ? `${offer.discount_percentage}% off`
        : `${priceText(-applied.amount, p.currency)} off`;
  }
  return { ...p, mode, sessionType, text: priceText(p.total, p.currency), listText: priceText(p.list, p.currency), offerText };
}

/**
 * The fee on a provider's card and profile: shown only when the list price is above 0; the lower of
 * online and offline when the provider has commercials; the couple price where a couple offering
 * exists; in the patient's currency, the provider's offer applied.
 */
export function providerCardPrice(
  provider: Pick<Provider, 'online_offering' | 'offline_offering' | 'commercials' | 'offer'>,
  pricing: Pick<PatientPricing, 'international'>,
): ShownPrice | null {
  const p = cardPrice(
    { online: asPriceOffering(provider.online_offering), offline: asPriceOffering(provider.offline_offering) },
    { commercials: !!provider.commercials, international: pricing.international, offer: asOffer(provider.offer), sessionType: 'couple' },
  );
  if (!p || !(p.list > 0)) return null;
  const offering = p.mode === 'online' ? provider.online_offering : provider.offline_offering;
  return shown(p, p.mode, offering?.couple?.offering_couple ? 'couple' : 'individual', provider.offer);
}

/**
 * The price of one chosen session before any coupon (the booking confirmation): the mode's offering,
 * the session type, the schedule discount at that time and the provider's offer. A free session says
 * 'Free'. Null when the provider does not offer it.
 */
export function sessionPrice(
  provider: Pick<Provider, 'online_offering' | 'offline_offering' | 'offer'>,
  choice: { mode: 'online' | 'offline'; sessionType: 'individual' | 'couple'; durationMinutes: number; scheduleDiscountPercent: number },
  pricing: Pick<PatientPricing, 'international'>,
): ShownPrice | null {
  const offering = asPriceOffering(choice.mode === 'online' ? provider.online_offering : provider.offline_offering);
  if (!offering) return null;
  const sessionType: SessionType = choice.sessionType === 'couple' && offering.couple?.offering_couple ? 'couple' : 'individual';
  const p = priceOf({
    offering,
    sessionType,
    durationMinutes: choice.durationMinutes,
    scheduleDiscountPercent: choice.scheduleDiscountPercent,
    international: pricing.international,
    offer: asOffer(provider.offer),
  });
  return shown(p, choice.mode, sessionType, provider.offer);
}
