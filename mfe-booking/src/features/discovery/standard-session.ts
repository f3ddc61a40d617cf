// Two facts every price shown to a patient starts from, in a file of their own so a page that shows one
// price (the landing's "Sessions from") does not load the cards' code with them.
import type { PatientPricing } from '@haven/shared/booking-rules';

/** The currency a patient's prices are in (DESIGN "Readings settled": the currency shown is the currency charged). */
export const patientCurrency = (pricing: Pick<PatientPricing, 'international'>): 'INR' | 'USD' => (pricing.international ? 'USD' : 'INR');

/** The length a card's time books: the provider's standard session (every provider offers it). */
export const CARD_SESSION_MINUTES = 50;
