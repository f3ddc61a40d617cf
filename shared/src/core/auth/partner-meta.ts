// Partner meta info (product rules, Partners and business users: company_profile with short_code, feature_flags.show_card_dashboard):
// what the after-login redirect rules read for business users.
import { COMPANY_DETAILS_KEY, storageSet } from '../platform/storage-keys';
import { reportError } from '../reporting/report-error';
import { havenStore } from '../state/store';
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

/** A business user of an organisation, logged in without a partner flow: its partner meta info, once. */
export async function ensurePartnerMetaFor(user: ApiUser): Promise<void> {
  if (user.usertype === 'patient' || !user.organisation_uuid) return;
  const current = havenStore.getState().auth.partnerMetaInfo;
  if (current?.company_profile?.uuid === user.organisation_uuid) return;
  await storePartnerMeta(user.organisation_uuid);
}

/**
 * The company a partner flow (partner code, partner token, CRNID, the company site's hand-off) signed
 * the person in for, kept as company_details so every api request names it. Without a company profile
 * nothing is stored (a stale one stays until logout removes it).
 */
export function rememberCompany(meta: PartnerMetaInfo | null | undefined): void {
  const profile = meta?.company_profile;
  if (!profile?.uuid) return;
  storageSet(COMPANY_DETAILS_KEY, JSON.stringify({ uuid: profile.uuid, name: profile.name }));
}
