// Partner meta info (product rules, Partners and business users: company_profile with short_code, feature_flags.show_card_dashboard):
// what the after-login redirect rules read for business users.
import { reportError } from '../reporting/report-error';
import { havenStore } from '../state/store';
import { organisationFromMeta, storeOrganisation } from '../state/organisation';
import type { PartnerMetaInfo } from '../state/types';
import { fetchPartnerMetaInfo } from './api/partner-calls';
import type { ApiUser } from './api/types';

/** Loads and stores the meta info of an organisation integration (uuid or short_code); null on failure. */
export async function storePartnerMeta(companyId: string): Promise<PartnerMetaInfo | null> {
  try {
    const meta = await fetchPartnerMetaInfo(companyId);
    havenStore.getState().auth.update({ partnerMetaInfo: meta });
    return meta;
  } catch (error) {
    reportError(error, { where: 'partner meta info', companyId });
    return null;
  }
}

/**
 * A business user of an organisation, logged in without a partner flow: its partner meta info, once.
 * Answers that meta (null for anyone else) for the login to remember as the person's organisation.
 */
export async function ensurePartnerMetaFor(user: ApiUser): Promise<PartnerMetaInfo | null> {
  if (user.usertype === 'patient' || !user.organisation_uuid) return null;
  const current = havenStore.getState().auth.partnerMetaInfo;
  if (current?.company_profile?.uuid === user.organisation_uuid) return current;
  return storePartnerMeta(user.organisation_uuid);
}

/**
 * The organisation a partner flow (partner code, partner token, CRNID, the company site's hand-off) or a
 * business user's login resolved: orgData, and company_details so every api request names it. Without a
 * company profile nothing changes (a stale one stays until logout clears both).
 */
export function rememberCompany(meta: PartnerMetaInfo | null | undefined): void {
  const org = organisationFromMeta(meta);
  if (!org) return;
  storeOrganisation(org);
  havenStore.getState().appConfig.update({ orgData: org });
}
