// Employer SSO calls, on the separate SSO base of the runtime config (product rules, Calls to the api).
import { type Answer, apiClient, type ApiUser, type Body, getRuntimeConfig, ssoBaseUrlOf } from '@haven/shared';

export type SsoDomainAnswer = Answer<'/sso/v1/domain_check', 'get'>;
/** A domain whose employees sign in through their company. */
export type SsoConnection = Required<SsoDomainAnswer>;

const ssoUrl = (path: string) => `${ssoBaseUrlOf(getRuntimeConfig())}${path}`;

export async function checkSsoDomain(email: string): Promise<SsoDomainAnswer> {
  const { data } = await apiClient.get<Answer<'/sso/v1/domain_check', 'get'>>(ssoUrl('/domain_check'), { params: { email } });
  return data;
}

export async function ssoSignIn(body: Body<'/sso/v1/sign_in', 'post'>): Promise<ApiUser> {
  const { data } = await apiClient.post<Answer<'/sso/v1/sign_in', 'post'>>(ssoUrl('/sign_in'), body);
  return data.data;
}
