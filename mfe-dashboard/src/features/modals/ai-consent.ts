// Product rules, Consent and privacy: "AI consent: set once from two parallel calls. isAiEnabled is true if the flag says enabled
// or the consent modal was already viewed." Product rules, Errors and messages: a fetch error is reported, no user message.
import { havenStore, reportError } from '@haven/shared';
import { getAiConsents, getAiFeatureFlag, putAiConsents, type AiConsentRecord } from './api/modal-calls';

const ai = () => havenStore.getState().ai;
const featureFlags = () => havenStore.getState().featureFlags;
let loadedFor: string | null = null;
let loading: Promise<void> | null = null;

function apply(enabledFlag: boolean, record: AiConsentRecord): void {
  // The flag's answer is kept as the feature flags state says; the AI state is derived from it.
  featureFlags().update({ ai_enabled: enabledFlag });
  ai().update({
    isAiEnabled: featureFlags().ai_enabled || record.is_ai_consent_modal_viewed,
    isAiConsentEnabled: record.ai_consent === true,
    isAiConsentModalViewed: record.is_ai_consent_modal_viewed,
    isAiConsentChipViewed: record.is_ai_consent_chip_viewed,
  });
}

/** Once per signed-in user and page; resolves true when the state is known. */
export function loadAiState(userKey: string): Promise<void> {
  if (loadedFor === userKey && loading) return loading;
  loadedFor = userKey;
  loading = Promise.all([getAiFeatureFlag(), getAiConsents()])
    .then(([flag, record]) => apply(flag, record))
    .catch((error: unknown) => reportError(error, { where: 'ai consent' }));
  return loading;
}

/** The patient's answer in the AI consent modal: consent and 'viewed' recorded through the api. */
export async function answerAiConsent(consent: boolean): Promise<void> {
  await putAiConsents({ ai_consent: consent, is_ai_consent_modal_viewed: true });
  ai().update({ isAiConsentEnabled: consent, isAiConsentModalViewed: true, isAiEnabled: true });
}

export async function markAiChipViewed(): Promise<void> {
  await putAiConsents({ is_ai_consent_chip_viewed: true });
  ai().update({ isAiConsentChipViewed: true });
}
