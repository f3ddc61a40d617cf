import { useApiRead, type ApiRead } from '@haven/shared';
import { fetchPartnerPackage, type PartnerPackage } from './api/package-calls';

export type PackageState = ApiRead<PartnerPackage>;

/** The employee's package for the page. */
export function usePartnerPackage(): PackageState {
  return useApiRead(fetchPartnerPackage, [], 'partner package');
}
