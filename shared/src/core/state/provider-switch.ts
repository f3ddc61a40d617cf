// Provider switch state (product rules, What the client keeps). Persisted except the two loading flags.
import { isBool, isObj, isStr, nullable, type Shape } from './validate';
import { type SliceActions, type SliceApi } from './slice';
import type { Provider } from './types';

export interface ProviderSwitchData {
  providerTypeModal: boolean;
  isLoading: boolean;
  selectedProvider: Provider | null;
  currentProvider: Provider | null;
  switchReason: string | null;
  providerTaggingDetails: Record<string, unknown> | null;
  providerTaggingLoading: boolean;
}

export interface ProviderSwitchSlice extends ProviderSwitchData, SliceActions<ProviderSwitchData> {
  /** Clears everything. (`reset` keeps the modal, tagging details and selected provider, product rules, Providers and fees.) */
  fullReset(): void;
}

export const initialProviderSwitch: ProviderSwitchData = {
  providerTypeModal: false,
  isLoading: false,
  selectedProvider: null,
  currentProvider: null,
  switchReason: null,
  providerTaggingDetails: null,
  providerTaggingLoading: false,
};

export const providerSwitchPersisted: Shape<ProviderSwitchData> = {
  providerTypeModal: isBool,
  selectedProvider: nullable(isObj),
  currentProvider: nullable(isObj),
  switchReason: nullable(isStr),
  providerTaggingDetails: nullable(isObj),
};

export function createProviderSwitchSlice(api: SliceApi<ProviderSwitchData>): ProviderSwitchSlice {
  return {
    ...initialProviderSwitch,
    update: (partial) => api.patch(partial),
    reset: () => {
      const { providerTypeModal, providerTaggingDetails, selectedProvider } = api.get();
      api.patch({ ...initialProviderSwitch, providerTypeModal, providerTaggingDetails, selectedProvider });
    },
    fullReset: () => api.patch(initialProviderSwitch),
  };
}
