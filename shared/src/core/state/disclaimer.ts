// Disclaimer state (product rules, What the client keeps). Persisted so it is shown once, not on every load.
import { isBool, type Shape } from './validate';
import { baseActions, type SliceActions, type SliceApi } from './slice';

export interface DisclaimerData {
  shown: boolean;
}

export type DisclaimerSlice = DisclaimerData & SliceActions<DisclaimerData>;

export const initialDisclaimer: DisclaimerData = { shown: false };

export const disclaimerPersisted: Shape<DisclaimerData> = { shown: isBool };

export function createDisclaimerSlice(api: SliceApi<DisclaimerData>): DisclaimerSlice {
  return { ...initialDisclaimer, ...baseActions(api, initialDisclaimer) };
}
