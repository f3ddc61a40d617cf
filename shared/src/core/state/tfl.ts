// Therapy-for-life (TFL) flow state (product rules, What the client keeps).
import { baseActions, type SliceActions, type SliceApi } from './slice';

export interface TflData {
  isTflFlow: boolean;
  authError: string | null;
}

export type TflSlice = TflData & SliceActions<TflData>;

export const initialTfl: TflData = {
  isTflFlow: false,
  authError: null,
};

export function createTflSlice(api: SliceApi<TflData>): TflSlice {
  return { ...initialTfl, ...baseActions(api, initialTfl) };
}
