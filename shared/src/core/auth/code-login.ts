// Product rules, Sign-in and identity: "A code query starts a code-based login: CRNID leads to partner login or a redirect to the
// log-in page; auth_token leads to token login." The one-time values leave the address bar at once.
import { getRuntimeConfig } from '../config/runtime-config';
import { afterLoginRedirect, type AfterLoginTarget } from '../rules/redirects/after-login-redirect';
import { havenStore } from '../state/store';
import { navigateInApp, type Navigate } from '../platform/app-navigation';
import { removeQueryParams } from './bootstrap';
import { goToCompanySite } from './partner-handoff';
import type { CrnidOutcome } from './sign-in-entry';
import { loadAuthFlows } from './load-auth-flows';
import { hasPartnerProof } from './partner-proof';
import { clearPendingPartnerLink, pendingPartnerLink, savePendingPartnerLink } from './pending-partner-link';
import type { LoginOutcome } from './complete-login';

export const LOG_IN_PATH = '/auth/log-in/';
/** Where a partner link waits for the company's code (the partner landing). */
export const PARTNER_LANDING_PATH = '/t-p';

export type CodeLoginPlan =
  | { kind: 'crnid'; code: string; crn: string; authToken: string | null; redirectPath: string | null }
  | { kind: 'token'; code: string; authToken: string; redirectPath: string | null }
  | { kind: 'none' };

/** Pure: what a query asks for. */
export function planCodeLogin(search: string): CodeLoginPlan {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  if (!code) return { kind: 'none' };
  const redirectPath = params.get('redirectPath');
  const crn = params.get('CRNID');
  // A CRN is an identifier, never a secret: the partner's link carries its signed kli link as auth_token.
  const authToken = params.get('auth_token');
  if (crn) return { kind: 'crnid', code, crn, authToken, redirectPath };
  if (authToken) return { kind: 'token', code, authToken, redirectPath };
  return { kind: 'none' };
}

/** Sends the user on after a login: inside the app, or signed in to the partner's subdomain (a hand-off, docs/partner-handoff.md). */
export async function goToTarget(target: AfterLoginTarget, navigate: Navigate = navigateInApp): Promise<void> {
  if (target.kind === 'external') await goToCompanySite(target.url, navigate);
  else navigate(target.path);
}

export interface CodeLoginResult {
  plan: CodeLoginPlan;
  outcome?: LoginOutcome | CrnidOutcome;
  target?: AfterLoginTarget;
}

let inProgress = false;

/**
 * True while a code-based login runs: it decides where the user goes (it knows it was a CRNID
 * auto-login), so a page watching the store for a user must not navigate as well.
 */
export function isCodeLoginInProgress(): boolean {
  return inProgress;
}

export async function handleCodeLogin(
  loc: Pick<Location, 'search' | 'pathname' | 'hash'> = window.location,
  navigate: Navigate = navigateInApp,
): Promise<CodeLoginResult> {
  const plan = planCodeLogin(loc.search);
  if (plan.kind === 'none') return { plan };
  inProgress = true;
  try {
    return await runCodeLogin(plan, loc, navigate);
  } finally {
    inProgress = false;
  }
}

async function runCodeLogin(
  plan: Exclude<CodeLoginPlan, { kind: 'none' }>,
  loc: Pick<Location, 'search' | 'pathname' | 'hash'>,
  navigate: Navigate,
): Promise<CodeLoginResult> {
  removeQueryParams(['code', 'CRNID', 'auth_token'], loc);
  if (plan.kind === 'token' && !hasPartnerProof(plan.code)) {
    // The partner session needs the company's code verified here first: ask for it, then run the link
    // (resumePendingPartnerLink), rather than failing with 'Invalid auth token'.
    savePendingPartnerLink({ companyId: plan.code, authToken: plan.authToken, redirectPath: plan.redirectPath });
    havenStore.getState().auth.update({ loading: false }); // no sign-in runs now: the landing shows its form
    const target: AfterLoginTarget = { kind: 'path', path: PARTNER_LANDING_PATH };
    navigate(target.path);
    return { plan, target };
  }

  // The sign-in entry loads only when a code login runs.
  const flows = await loadAuthFlows('code login');
  if (!flows) return { plan };
  const { loginWithCrnid, loginWithToken } = flows;
  const outcome =
    plan.kind === 'crnid'
      ? await loginWithCrnid(plan.crn, plan.code, plan.authToken, { navigate })
      : await loginWithToken(plan.authToken, plan.code, { navigate });
  if (!outcome.ok) {
    if (outcome.reason === 'fallback' && plan.kind === 'crnid') {
      const target: AfterLoginTarget = { kind: 'path', path: `${LOG_IN_PATH}?CRNID=${encodeURIComponent(plan.crn)}` };
      navigate(target.path);
      return { plan, outcome, target };
    }
    return { plan, outcome };
  }
  const target = afterLoginRedirect({
    user: outcome.user,
    redirectPath: plan.redirectPath,
    partnerMeta: havenStore.getState().auth.partnerMetaInfo,
    isCrnidAutoLogin: plan.kind === 'crnid',
    config: getRuntimeConfig(),
    currentHost: window.location.host,
  });
  await goToTarget(target, navigate);
  return { plan, outcome, target };
}

/** After the company's code is verified: the partner link that waited for it signs in and goes to its target. */
export async function resumePendingPartnerLink(navigate: Navigate = navigateInApp): Promise<CodeLoginResult | null> {
  const link = pendingPartnerLink();
  if (!link) return null;
  clearPendingPartnerLink();
  inProgress = true;
  try {
    const plan = { kind: 'token', code: link.companyId, authToken: link.authToken, redirectPath: link.redirectPath } as const;
    return await runCodeLogin(plan, window.location, navigate);
  } finally {
    inProgress = false;
  }
}
