// Signed in across the move to a company subdomain (docs/partner-handoff.md). The main site asks the
// api for a hand-off (a partner-signed `jwt_token`, single-use, 60 s, signed for that company only)
// and opens `{company site}/t-p?jwt=…`; the subdomain takes `jwt` out of the address bar and history
// before anything renders or reports the URL, and exchanges it through POST b2b_link with the
// company_profile_uuid of the subdomain it is on (never one from the link). Product rules, Sign-in and identity: "if jwt is
// present, loading ends": no stored session is validated while a hand-off runs.
import { apiClient } from '../api/client';
import { getRuntimeConfig } from '../config/runtime-config';
import { reportError } from '../reporting/report-error';
import { companyFromHostname } from '../rules/company-from-hostname';
import { B2B_LANDING_PATH, PARTNER_CARD_DASHBOARD_PATH } from '../rules/redirects/after-login-redirect';
import { havenStore } from '../state/store';
import type { PartnerMetaInfo } from '../state/types';
import { toast } from '../ui/ToastHost/ToastHost';
import { navigateInApp, type Navigate } from '../platform/app-navigation';
import { removeQueryParams } from './bootstrap';
import { rememberCompany } from './partner-meta';
import { loadAuthFlows } from './load-auth-flows';
import type { LoginOutcome } from './complete-login';
import { B2B_LINK_ERROR } from './messages';
import type { Answer } from '../api/contract';

export const HANDOFF_PARAM = 'jwt';
/** Where a hand-off lands on the company site: the partner landing, which then sends the user on. */
export const HANDOFF_LANDING_PATH = '/t-p';

let captured: string | null = null;

/**
 * Takes the hand-off token out of the address bar (replaceState: the entry in history is rewritten,
 * not added) and keeps it in memory. The shell calls it before anything else; calling again is harmless.
 */
export function captureHandoffToken(loc: Pick<Location, 'search' | 'pathname' | 'hash'> = window.location): void {
  const value = new URLSearchParams(loc.search).get(HANDOFF_PARAM);
  if (!value) return;
  captured = value;
  removeQueryParams([HANDOFF_PARAM], loc);
}

/** The captured token, once (single-use on this page too). */
export function takeHandoffToken(): string | null {
  const value = captured;
  captured = null;
  return value;
}

/** True while a captured hand-off waits to be exchanged (the on-load rule: loading ends, nothing validated). */
export function hasHandoffToken(): boolean {
  return captured !== null;
}

export interface CompanySite {
  /** The company's short_code, from the subdomain (product rules, Routes and redirects). */
  shortCode: string;
  meta: PartnerMetaInfo;
}

/** The company site this page is on (public lookup by the subdomain's short_code), or null. */
export async function fetchCompanySite(hostname: string = window.location.hostname, signal?: AbortSignal): Promise<CompanySite | null> {
  const shortCode = companyFromHostname(hostname);
  if (!shortCode) return null;
  const { data } = await apiClient.get<Answer<'/partner_sites/{short_code}', 'get'>>(`/partner_sites/${encodeURIComponent(shortCode)}`, {
    signal,
  });
  return { shortCode, meta: data.data };
}

/** Where a business user goes on their company site: the card dashboard when the flag is on. */
export function companySiteLanding(meta: PartnerMetaInfo | null | undefined): string {
  return meta?.feature_flags?.show_card_dashboard ? PARTNER_CARD_DASHBOARD_PATH : B2B_LANDING_PATH;
}

/**
 * On the company site: exchanges the captured token through b2b_link for this subdomain's company.
 * A replayed, expired or foreign token signs nobody in; the page shows the text.
 */
export async function completeHandoff(
  token: string,
  navigate: Navigate = navigateInApp,
  hostname = window.location.hostname,
): Promise<LoginOutcome | null> {
  let site: CompanySite | null = null;
  try {
    site = await fetchCompanySite(hostname);
  } catch (error) {
    reportError(error, { where: 'partner hand-off', step: 'company site' });
  }
  if (!site) {
    havenStore.getState().auth.update({ loading: false, error: B2B_LINK_ERROR });
    toast.error(B2B_LINK_ERROR);
    return null;
  }
  havenStore.getState().auth.update({ partnerMetaInfo: site.meta });
  // The sign-in entry loads only when a hand-off arrives.
  const flows = await loadAuthFlows('partner hand-off');
  if (!flows) return null;
  const outcome = await flows.loginWithB2bLink(token, site.meta.company_profile.uuid);
  if (outcome?.ok) {
    rememberCompany(site.meta);
    navigate(companySiteLanding(site.meta));
  }
  return outcome;
}

/** The address the main site opens: the company site's landing with the token (pure). */
export function handoffUrl(siteUrl: string, jwtToken: string): string {
  const url = new URL(HANDOFF_LANDING_PATH, siteUrl);
  url.searchParams.set(HANDOFF_PARAM, jwtToken);
  return url.toString();
}

/**
 * On the main site, after login: a full load of the company site carrying a fresh hand-off. If the
 * api refuses one, the user stays signed in here, on the business landing (reported, not silent).
 */
export async function goToCompanySite(siteUrl: string, navigate: Navigate = navigateInApp): Promise<void> {
  try {
    const { data } = await apiClient.post<Answer<'/customers/partner_handoff', 'post'>>('/customers/partner_handoff');
    navigate(handoffUrl(siteUrl, data.jwt_token));
  } catch (error) {
    reportError(error, { where: 'partner hand-off', step: 'mint' });
    navigate(companySiteLanding(havenStore.getState().auth.partnerMetaInfo));
  }
}

/** The configured partner integrations host, for tests and pages that need to know they are on it. */
export function isOnCompanySite(hostname: string = window.location.hostname): boolean {
  const host = getRuntimeConfig().partnerIntegrationsHost.replace(/:\d+$/, '');
  return hostname.endsWith(`.${host}`) && companyFromHostname(hostname) !== null;
}
