// Spec §3 app visibility response -> appConfig.appVisibility (persisted, so a reload starts from the
// last known plan). §8: a failure is silent for the user (the last or default visibility stays).
import { apiClient } from '../api/client';
import { reportError } from '../reporting/report-error';
import { appVisibilityFromResponse, type AppVisibilityResponse } from './app-config';
import { havenStore } from './store';

export async function loadAppVisibility(): Promise<void> {
  try {
    const response = await apiClient.get<AppVisibilityResponse>('/customers/app_visibility_v2');
    havenStore.getState().appConfig.update({ appVisibility: appVisibilityFromResponse(response.data) });
  } catch (error) {
    reportError(error, { where: 'app visibility' });
  }
}
