import { type Answer, apiClient, havenStore } from '@haven/shared';

/** GET /customers/partner_package: the package (product rules, Partners and business users) plus the sessions left, as the api counts them. */
export type PartnerPackage = Answer<'/customers/partner_package', 'get'>;
export type ProviderRef = NonNullable<PartnerPackage['mytherapist']>;

/** Loads the employee's package and keeps its fields in the shared (persisted) package slice. */
export async function fetchPartnerPackage(signal?: AbortSignal): Promise<PartnerPackage> {
  const { data } = await apiClient.get<Answer<'/customers/partner_package', 'get'>>('/customers/partner_package', { signal });
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
type CreditsAnswer = Answer<'/customers/credits', 'get'>;
export type CreditHistory = NonNullable<CreditsAnswer['data']>;
export type CreditMovement = CreditHistory['history'][number];

/** The account's package credits and their history, newest first; null without a package. */
export async function fetchCreditHistory(signal?: AbortSignal): Promise<CreditHistory | null> {
  const { data } = await apiClient.get<Answer<'/customers/credits', 'get'>>('/customers/credits', { signal });
  return data.data;
}
