// Providers state (product rules, What the client keeps), with the profile cache keyed by provider uuid.
import { baseActions, type SliceActions, type SliceApi } from './slice';
import type { Provider } from './types';

export interface ProvidersData {
  providers: Provider[];
  profileCache: Record<string, Provider>;
  loading: boolean;
  suggestedProviders: Provider[];
  loadingSuggestedProviders: boolean;
}

export interface ProvidersSlice extends ProvidersData, SliceActions<ProvidersData> {
  cacheProfile(provider: Provider): void;
}

export const initialProviders: ProvidersData = {
  providers: [],
  profileCache: {},
  loading: false,
  suggestedProviders: [],
  loadingSuggestedProviders: false,
};

export function createProvidersSlice(api: SliceApi<ProvidersData>): ProvidersSlice {
  return {
    ...initialProviders,
    ...baseActions(api, initialProviders),
    cacheProfile: (provider) => api.patch({ profileCache: { ...api.get().profileCache, [provider.uuid]: provider } }),
  };
}
