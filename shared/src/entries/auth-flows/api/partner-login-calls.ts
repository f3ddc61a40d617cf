// Partner and token sign-ins (product rules, Sign-in and identity): b2b link, organisations_integration TOTP, kli auto-login by
// CRN, partner sessions. In `@haven/shared/auth-flows`: only a sign-in makes them.
import { apiClient, partnerProofHeaders } from '@haven/shared';
import type { Answer, ApiUser, Body, PartnerMetaInfo } from '@haven/shared';

export type PartnerTokenBody = Body<'/b2b_link', 'post'>;

export async function b2bLinkSignIn(body: PartnerTokenBody): Promise<ApiUser> {
  const { data } = await apiClient.post<Answer<'/b2b_link', 'post'>>('/b2b_link', body);
  return data.data;
}

/** Needs the organisation's partner proof (its one-time code verified in this browser). */
export async function partnerSessionSignIn(body: PartnerTokenBody): Promise<ApiUser> {
  const { data } = await apiClient.post<Answer<'/customers/partner_sessions', 'post'>>('/customers/partner_sessions', body, {
    headers: partnerProofHeaders(body.company_profile_uuid),
  });
  return data.data;
}

type TotpAnswer = Answer<'/customers/organisations_integration/{id}/verify_totp_code', 'post'>;

/** `id`: the organisation integration (uuid or short_code). Answers its meta info and the partner proof. */
export async function verifyTotpCode(
  id: string,
  code: string,
): Promise<{ meta: PartnerMetaInfo | null; proof: TotpAnswer['partner_proof'] | null }> {
  const { data } = await apiClient.post<Answer<'/customers/organisations_integration/{id}/verify_totp_code', 'post'>>(
    `/customers/organisations_integration/${encodeURIComponent(id)}/verify_totp_code`,
    { code },
  );
  return { meta: data.data ?? null, proof: data.partner_proof ?? null };
}

/**
 * kli auto-login: the CRN must belong to the organisation `companyId` whose partner proof is sent, and
 * `kliLink` (the partner-signed, single-use link naming that CRN) vouches for the person.
 */
export async function kliAutoLogin(crn: string, companyId: string | null, kliLink: string | null): Promise<ApiUser> {
  const body = kliLink ? { crn, jwt_token: kliLink } : { crn };
  const { data } = await apiClient.post<Answer<'/customers/kli/auto_login', 'post'>>('/customers/kli/auto_login', body, {
    headers: partnerProofHeaders(companyId),
  });
  return data.data;
}
