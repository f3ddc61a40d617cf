// orgData (App config state): the organisation the signed-in person belongs to, or that a partner flow
// signed them in for. Its stored form is the company_details key (uuid, name), which the api client
// sends as the x-company-profile-* headers; the two are written and read here only, so they never
// disagree. partnerMetaInfo (auth state) is a different thing: the meta of an organisation integration
// the page deals with (a company page, a code being verified), with its feature flags, not persisted.
import { COMPANY_DETAILS_KEY, storageGet, storageRemove, storageSet } from '../platform/storage-keys';
import { isStr, pickValid, type Shape } from './validate';
import type { PartnerMetaInfo } from './types';

export interface Organisation {
  uuid: string;
  name: string;
}

const shape: Shape<Organisation> = { uuid: (v) => isStr(v) && v !== '', name: isStr };

/** A stored or answered value as an organisation, or null when it is not one. */
export function organisationOf(value: unknown): Organisation | null {
  const valid = pickValid(value, shape, true);
  return valid ? { uuid: valid.uuid as string, name: valid.name as string } : null;
}

/** The company profile of partner meta info as the person's organisation (null without a uuid). */
export function organisationFromMeta(meta: PartnerMetaInfo | null | undefined): Organisation | null {
  const profile = meta?.company_profile;
  return profile ? organisationOf({ uuid: profile.uuid, name: profile.name ?? '' }) : null;
}

/** What company_details holds (read when the page starts: orgData itself is not persisted twice). */
export function readStoredOrganisation(): Organisation | null {
  const raw = storageGet(COMPANY_DETAILS_KEY);
  if (raw === null) return null;
  try {
    return organisationOf(JSON.parse(raw));
  } catch {
    return null; // a corrupt value is as good as none
  }
}

/** Writes the stored form; the caller puts the same value in orgData (see rememberCompany). */
export function storeOrganisation(org: Organisation | null): void {
  if (org) storageSet(COMPANY_DETAILS_KEY, JSON.stringify(org));
  else storageRemove(COMPANY_DETAILS_KEY);
}
