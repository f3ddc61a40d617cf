// Package state (product rules, What the client keeps) (`package.package.info.analytics` etc.). Persisted.
import { isBool, isNum, isObj, isStr, nullable, oneOf, type Shape } from './validate';
import { baseActions, type SliceActions, type SliceApi } from './slice';

export interface PackageDetails {
  info?: {
    id?: number | string;
    analytics?: { package_type?: string; package_sub_type?: string };
  };
}

export interface PackageData {
  package: PackageDetails | null;
  is_package_client: boolean;
  /** 'package_coach' or 'therapy'. */
  org_package_for: string | null;
  mytherapist: Record<string, unknown> | null;
  mypsychiatrist: Record<string, unknown> | null;
  package_coach_id: number | string | null;
}

export type PackageSlice = PackageData & SliceActions<PackageData>;

export const initialPackage: PackageData = {
  package: null,
  is_package_client: false,
  org_package_for: null,
  mytherapist: null,
  mypsychiatrist: null,
  package_coach_id: null,
};

export const packagePersisted: Shape<PackageData> = {
  package: nullable(isObj),
  is_package_client: isBool,
  org_package_for: nullable(isStr),
  mytherapist: nullable(isObj),
  mypsychiatrist: nullable(isObj),
  package_coach_id: nullable(oneOf(isNum, isStr)),
};

export function createPackageSlice(api: SliceApi<PackageData>): PackageSlice {
  return { ...initialPackage, ...baseActions(api, initialPackage) };
}
