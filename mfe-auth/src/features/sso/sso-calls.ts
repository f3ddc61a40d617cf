// Employer SSO calls, on the separate SSO base of the runtime config (product rules, Calls to the api).
import { apiClient, getRuntimeConfig, ssoBaseUrlOf, type ApiUser } from '@haven/shared';

export interface SsoDomainAnswer {
  sso: boolean;
  connection?: string;
  organisation_name?: string;
  issuer?: string;
  client_id?: string;
}
/** A domain whose employees sign in through their company. */
export type SsoConnection = Required<SsoDomainAnswer>;

const ssoUrl = (path: string) => `${ssoBaseUrlOf(getRuntimeConfig())}${path}`;

export async function checkSsoDomain(email: string): Promise<SsoDomainAnswer> {
  const { data } = await apiClient.get<SsoDomainAnswer>(ssoUrl('/domain_check'), { params: { email } });
  return data;
}

export async function ssoSignIn(body: { connection: string; id_token: string; nonce: string }): Promise<ApiUser> {
  const { data } = await apiClient.post<{ data: ApiUser }>(ssoUrl('/sign_in'), body);
  return data.data;
}
