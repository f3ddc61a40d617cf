// AI feature and consent state (product rules, Consent and privacy: set once by the AI flow).
import { baseActions, type SliceActions, type SliceApi } from './slice';

export interface AiData {
  isAiEnabled: boolean;
  isAiConsentEnabled: boolean;
  isAiConsentModalViewed: boolean;
  isAiConsentChipViewed: boolean;
  dashboardModals: { firstStepModalStatus: boolean; aiConsentModalStatus: boolean };
}

export type AiSlice = AiData & SliceActions<AiData>;

export const initialAi: AiData = {
  isAiEnabled: false,
  isAiConsentEnabled: false,
  isAiConsentModalViewed: false,
  isAiConsentChipViewed: false,
  dashboardModals: { firstStepModalStatus: false, aiConsentModalStatus: false },
};

export function createAiSlice(api: SliceApi<AiData>): AiSlice {
  return { ...initialAi, ...baseActions(api, initialAi) };
}
