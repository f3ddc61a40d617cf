// Partner calls every page may make (product rules, Partners and business users): organisation meta info, decode (app) token. The partner
// sign-ins (b2b link, TOTP, kli auto-login, partner sessions) are in partner-login-calls.ts.
import { apiClient } from '../../api/client';
import { partnerProofHeaders } from '../partner-proof';
import type { ApiUser, PartnerMetaInfo } from './types';
import type { Answer } from '../../api/contract';

/** For the organisation's partner proof, or signed in as one of its members. */
export async function fetchPartnerMetaInfo(id: string): Promise<PartnerMetaInfo> {
  const { data } = await apiClient.get<Answer<'/customers/organisations_integration/{id}/meta_info', 'get'>>(
    `/customers/organisations_integration/${encodeURIComponent(id)}/meta_info`,
    {
      headers: partnerProofHeaders(id),
    },
  );
  return data.data;
}

export const SECONDARY_PROFILE_HEADER = 'secondary-profile-access-token';

/** POST decode token: no body, header jwt-token; answers the user and maybe a secondary-profile token. */
// The token is the answer's header (SECONDARY_PROFILE_HEADER), which the contract's bodies do not type.
// eslint-disable-next-line no-restricted-syntax
export async function decodeAppToken(appToken: string): Promise<{ user: ApiUser; secondaryToken: string | null }> {
  const response = await apiClient.post<Answer<'/customers/decode_token', 'post'>>('/customers/decode_token', undefined, {
    headers: { 'jwt-token': appToken },
  });
  const header: unknown = response.headers[SECONDARY_PROFILE_HEADER];
  return { user: response.data.user, secondaryToken: typeof header === 'string' && header ? header : null };
}
