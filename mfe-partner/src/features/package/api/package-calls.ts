import { apiClient, havenStore, type ApiPaths, type PackageDetails } from '@haven/shared';

export interface ProviderRef {
  uuid: string;
  firstname: string;
  lastname: string;
}

/** GET /customers/partner_package: the package (product rules, Partners and business users) plus the sessions left, as the api counts them. */
export interface PartnerPackage {
  is_package_client: boolean;
  org_package_for: string | null;
  package: PackageDetails | null;
  sessions_total: number;
  sessions_left: number;
  /** The roles the package books on the employee's plan, and the same in words (the plan rule, applied by the api). */
  covered_roles: string[];
  covers_text: string;
  /** "6 sponsored sessions of therapy or couples therapy": the card's one statement of what it books. */
  statement: string;
  mytherapist: ProviderRef | null;
  mypsychiatrist: ProviderRef | null;
  package_coach_id: string | null;
  package_coach: ProviderRef | null;
}

/** Loads the employee's package and keeps its fields in the shared (persisted) package slice. */
export async function fetchPartnerPackage(signal?: AbortSignal): Promise<PartnerPackage> {
  const { data } = await apiClient.get<PartnerPackage>('/customers/partner_package', { signal });
  havenStore.getState().package.update({
    package: data.package,
    is_package_client: data.is_package_client,
    org_package_for: data.org_package_for,
    mytherapist: data.mytherapist ? { ...data.mytherapist } : null,
    mypsychiatrist: data.mypsychiatrist ? { ...data.mypsychiatrist } : null,
    package_coach_id: data.package_coach_id,
  });
  return data;
}

/** GET /customers/credits: the package's credits, each used for a session or given back by its cancellation (the api's contract). */
type CreditsAnswer = ApiPaths['/api/v1/customers/credits']['get']['responses'][200]['content']['application/json'];
export type CreditHistory = NonNullable<CreditsAnswer['data']>;
export type CreditMovement = CreditHistory['history'][number];

/** The account's package credits and their history, newest first; null without a package. */
export async function fetchCreditHistory(signal?: AbortSignal): Promise<CreditHistory | null> {
  const { data } = await apiClient.get<{ data: CreditHistory | null }>('/customers/credits', { signal });
  return data.data;
}
