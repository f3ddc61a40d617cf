import { useCancellableLoad, type LoadState } from '../company/useCancellableLoad';
import { fetchPartnerPackage, type PartnerPackage } from './api/package-calls';

export type PackageState = LoadState<PartnerPackage>;

/** The employee's package for the page. */
export function usePartnerPackage(): PackageState {
  return useCancellableLoad(fetchPartnerPackage, 'partner package');
}
