import { apiClient, havenStore, type PackageDetails } from '@haven/shared';
import type { BookingAnswer } from './booking-calls';

export interface OrgPackage {
  is_package_client: boolean;
  org_package_for: string | null;
  credits_left: number;
  covered_roles: string[];
  package: PackageDetails | null;
}

/** The employee's package (product rules, Partners and business users), kept in the shared package slice as well. */
export async function fetchOrgPackage(signal?: AbortSignal): Promise<OrgPackage> {
  const { data } = await apiClient.get<OrgPackage>('/customers/org_packages', { signal });
  havenStore
    .getState()
    .package.update({ package: data.package, is_package_client: data.is_package_client, org_package_for: data.org_package_for });
  return data;
}

/** Confirms a pending booking with a package credit (no payment). */
export async function bookWithPackage(bookingUuid: string): Promise<BookingAnswer> {
  const { data } = await apiClient.post<{ data: BookingAnswer }>(`/bookings/${bookingUuid}/package`);
  return data.data;
}
