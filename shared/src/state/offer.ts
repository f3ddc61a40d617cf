// Offer state (product rules, What the client keeps).
import { baseActions, type SliceActions, type SliceApi } from './slice';

export interface Offer {
  discount_amount: { value: number; currency: string } | null;
  discount_amount_currency: string | null;
  discount_percentage: number | null;
}

export interface OfferData {
  offer: Offer | null;
}

export type OfferSlice = OfferData & SliceActions<OfferData>;

export const initialOffer: OfferData = {
  offer: null,
};

export function createOfferSlice(api: SliceApi<OfferData>): OfferSlice {
  return { ...initialOffer, ...baseActions(api, initialOffer) };
}
