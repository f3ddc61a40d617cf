// Offer state (product rules, What the client keeps).
import { baseActions, type SliceActions, type SliceApi } from './slice';

import type { Offer } from '@haven/rules';

export type { Offer };

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
