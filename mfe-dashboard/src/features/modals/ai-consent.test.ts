import { havenStore } from '@haven/shared';
import { loadAiState } from './ai-consent';
import { getAiConsents, getAiFeatureFlag } from './api/modal-calls';

jest.mock('./api/modal-calls', () => ({ getAiFeatureFlag: jest.fn(), getAiConsents: jest.fn(), putAiConsents: jest.fn() }));

const flag = getAiFeatureFlag as jest.MockedFunction<typeof getAiFeatureFlag>;
const consents = getAiConsents as jest.MockedFunction<typeof getAiConsents>;

beforeEach(() => {
  havenStore.getState().featureFlags.reset();
  havenStore.getState().ai.reset();
});

describe('loadAiState: the AI flag kept as featureFlags.ai_enabled, the AI state derived from it', () => {
  it.each([
    ['flag on, modal not viewed', true, false, { ai_enabled: true }, { isAiEnabled: true }],
    ['flag off, modal not viewed', false, false, { ai_enabled: false }, { isAiEnabled: false }],
    ['flag off, modal already viewed (it stays enabled)', false, true, { ai_enabled: false }, { isAiEnabled: true }],
  ])('%s', async (_, enabled, viewed, flags, state) => {
    flag.mockResolvedValue(enabled);
    consents.mockResolvedValue({ ai_consent: null, is_ai_consent_modal_viewed: viewed, is_ai_consent_chip_viewed: false });
    await loadAiState(`user-${String(enabled)}-${String(viewed)}`);
    expect(havenStore.getState().featureFlags).toMatchObject(flags);
    expect(havenStore.getState().ai).toMatchObject(state);
  });
});
