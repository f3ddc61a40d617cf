// Product rules, Routes and redirects: after sign-in. The requested path goes through `safeRedirectPath` first, so
// every outcome below is either a same-origin path or the configured partner host.
import type { RuntimeConfig } from '../../config/runtime-config';
import type { AuthUser, PartnerMetaInfo } from '../../state/types';
import { safeRedirectPath } from './safe-redirect-path';

export const PATIENT_USERTYPE = 'patient';
export const B2B_LANDING_PATH = '/org/dashboard';
export const PARTNER_CARD_DASHBOARD_PATH = '/partnerdashboard';
/** Where a login without a usable `redirectPath` goes: the patient's care (not the marketing page). */
export const DEFAULT_AFTER_LOGIN_PATH = '/dashboard';
/** Redirect paths honoured for every user type (product rules, Routes and redirects). */
export const HONOURED_PATH_PARTS: readonly string[] = ['create-password', 'changepassword', 'org', 'registration-form'];
/**
 * Pages that are only a partner's: logout leaves every user on `/auth/log-in/?redirectPath=%2Ft-p`, so a
 * patient with no organisation who signs in from there would land on a page that only says the account is
 * not linked. Who the person is (b2c, no organisation) decides, not the path logout left behind.
 */
export const PARTNER_ONLY_PATHS: readonly string[] = ['/t-p', PARTNER_CARD_DASHBOARD_PATH];

export type AfterLoginTarget =
  /** Navigate inside the app (router). */
  | { kind: 'path'; path: string }
  /** Leave for the partner's own subdomain (a full page load). */
  | { kind: 'external'; url: string };

export interface AfterLoginInput {
  user: Pick<AuthUser, 'usertype'> & Partial<Pick<AuthUser, 'organisation_id'>>;
  /** The raw `redirectPath` query value (untrusted), if any. */
  redirectPath?: string | null;
  partnerMeta?: PartnerMetaInfo | null;
  /** The login came from a CRNID auto-login (code query with CRNID). */
  isCrnidAutoLogin?: boolean;
  config: Pick<RuntimeConfig, 'partnerIntegrationsHost' | 'siteBaseUrl'>;
  /** The host the login happened on (with port): on the company's own subdomain there is nowhere to move. */
  currentHost?: string;
}

/** One DNS label: a short_code must not be able to change the host it is put into. */
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** `{protocol}//{short_code}.{partnerIntegrationsHost}` — the protocol of the site (http only locally). */
export function partnerSubdomainUrl(shortCode: string, config: AfterLoginInput['config']): string | null {
  if (!DNS_LABEL.test(shortCode)) return null;
  let protocol = 'https:';
  try {
    protocol = new URL(config.siteBaseUrl).protocol === 'http:' ? 'http:' : 'https:';
  } catch {
    // keep https
  }
  return `${protocol}//${shortCode.toLowerCase()}.${config.partnerIntegrationsHost}`;
}

export function afterLoginRedirect({
  user,
  redirectPath,
  partnerMeta,
  isCrnidAutoLogin = false,
  config,
  currentHost,
}: AfterLoginInput): AfterLoginTarget {
  const requested = safeRedirectPath(redirectPath, '');
  const path = requested || DEFAULT_AFTER_LOGIN_PATH;
  const pathOnly = path.split(/[?#]/, 1)[0] ?? path;

  // 1. Set-up steps and organisation pages are honoured whoever logs in.
  if (requested && HONOURED_PATH_PARTS.some((part) => pathOnly.includes(part))) return { kind: 'path', path };
  // 2. Patients, or the root path, return to the requested path; a patient with no organisation is not
  //    sent to a partner's page (their care instead).
  if (user.usertype === PATIENT_USERTYPE) {
    const partnerOnly = PARTNER_ONLY_PATHS.includes(pathOnly.replace(/(.)\/+$/, '$1').toLowerCase());
    const hasOrganisation = (user.organisation_id ?? null) !== null || Boolean(partnerMeta?.company_profile);
    if (partnerOnly && !hasOrganisation) return { kind: 'path', path: DEFAULT_AFTER_LOGIN_PATH };
    return { kind: 'path', path };
  }
  if (requested === '/') return { kind: 'path', path };

  const showCardDashboard = partnerMeta?.feature_flags?.show_card_dashboard === true;
  // 3. CRNID auto-login: a path containing `user` stops the card-dashboard redirect.
  if (isCrnidAutoLogin) {
    if (requested && pathOnly.includes('user')) return { kind: 'path', path };
    if (showCardDashboard) return { kind: 'path', path: PARTNER_CARD_DASHBOARD_PATH };
  }
  // 4. A partner with a short_code goes to its subdomain of the partner integrations host.
  const shortCode = partnerMeta?.company_profile?.short_code;
  if (shortCode) {
    const url = partnerSubdomainUrl(shortCode, config);
    if (url && new URL(url).host !== currentHost?.toLowerCase()) return { kind: 'external', url };
  }
  // 5. The partner card dashboard when the partner's flag is on; else the business landing.
  if (showCardDashboard) return { kind: 'path', path: PARTNER_CARD_DASHBOARD_PATH };
  return { kind: 'path', path: B2B_LANDING_PATH };
}
