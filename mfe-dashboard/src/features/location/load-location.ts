// The patient's zone for session times: the user location of spec §7 ("GET user location, param
// system_timezone"). A failure is reported and the browser zone is used (spec §8: country defaults to IN).
import { apiClient, havenStore, reportError, type UserLocationResponse } from '@haven/shared';

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export async function loadUserLocation(): Promise<void> {
  const details = () => havenStore.getState().userLocationDetails;
  details().update({ isLoading: true });
  try {
    const response = await apiClient.get<{ location: UserLocationResponse }>('/customers/user_location', {
      params: { system_timezone: browserTimeZone() },
    });
    details().setLocation(response.data.location);
  } catch (error) {
    reportError(error, { where: 'user location' });
    details().update({ isLoading: false, error: 'location unavailable' });
  }
}
