import { type Answer, apiClient, havenStore } from '@haven/shared';
import type { BookingAnswer } from './booking-calls';

export type OrgPackage = Answer<'/customers/org_packages', 'get'>;

/** The employee's package (product rules, Partners and business users), kept in the shared package slice as well. */
export async function fetchOrgPackage(signal?: AbortSignal): Promise<OrgPackage> {
  const { data } = await apiClient.get<Answer<'/customers/org_packages', 'get'>>('/customers/org_packages', { signal });
  havenStore
    .getState()
    .package.update({ package: data.package, is_package_client: data.is_package_client, org_package_for: data.org_package_for });
  return data;
}

/** Confirms a pending booking with a package credit (no payment). */
export async function bookWithPackage(bookingUuid: string): Promise<BookingAnswer> {
  const { data } = await apiClient.post<Answer<'/bookings/{uuid}/package', 'post'>>(`/bookings/${bookingUuid}/package`);
  return data.data;
}
