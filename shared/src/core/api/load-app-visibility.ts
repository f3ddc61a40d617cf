// Product rules, Plan visibility: app visibility response -> appConfig.appVisibility (persisted, so a reload starts from the
// last known plan). Product rules, Plan visibility: a failure is silent for the user (the last or default visibility stays).
import { apiClient } from './client';
import { reportError } from '../reporting/report-error';
import { appVisibilityFromResponse } from '../state/app-config';
import { havenStore } from '../state/store';
import type { Answer } from './contract';

let inFlight: Promise<void> | null = null;

/**
 * Asks for the plan's visibility. Callers asking while an answer is on its way share it: the dashboard's
 * sections and the booking options both ask on /dashboard, which made the same request twice.
 */
export function loadAppVisibility(): Promise<void> {
  inFlight ??= requestAppVisibility().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function requestAppVisibility(): Promise<void> {
  try {
    const response = await apiClient.get<Answer<'/customers/app_visibility_v2', 'get'>>('/customers/app_visibility_v2');
    havenStore.getState().appConfig.update({ appVisibility: appVisibilityFromResponse(response.data) });
  } catch (error) {
    reportError(error, { where: 'app visibility' });
  }
}
