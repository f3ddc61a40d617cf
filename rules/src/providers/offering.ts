// What a provider charges, as the pricing rules read it: the offering of each mode, the commercials that
// make both modes compete, and a standing offer. The api builds these from its rows, the web client has
// them from the provider answers; neither's own shape is needed here.

export interface InternationalPrice {
  amount: number;
  currency: string;
}

export interface OfferingPrice {
  minimum_fee: number;
  /** INR or USD. */
  currency?: string;
  display_text: string;
  international_pricing_display_text?: string;
  /** What a patient abroad pays, when the provider has an international price. */
  international_price?: InternationalPrice | null;
  // The api sends null when there is no couple offering.
  couple?: {
    offering_couple?: boolean;
    minimum_fee?: number;
    display_text?: string;
    international_pricing_display_text?: string;
    international_price?: InternationalPrice | null;
  } | null;
}

/** A provider's standing offer: an amount off (with its currency) or a percentage. */
export interface Offer {
  discount_amount: { value: number; currency: string } | null;
  discount_amount_currency: string | null;
  discount_percentage: number | null;
}

/** The pricing facts of a provider. */
export interface ProviderPricingFacts {
  online_offering?: OfferingPrice | null;
  offline_offering?: OfferingPrice | null;
  commercials?: { medium?: string } | null;
  offer?: Offer | null;
}
