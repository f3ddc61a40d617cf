// Product rules, Entry parameters: "Query parameters read on load": the ones the app chrome owns. token, app_token, jwt,
// auth_token, code, CRNID and is_secondary_token_handled belong to the auth flows; the attribution
// parameters (utm_*, medium, is_coach, is_cs) to attribution.

/** Product rules, Entry parameters: "sectionid scroll delay 100 ms". */
export const SECTION_SCROLL_DELAY_MS = 100;
export const SECTION_ID_PARAM = 'sectionid';

/** Longest value kept from the URL: query values are attacker-controlled and end up in storage and headers. */
const MAX_VALUE_LENGTH = 256;

/**
 * Where each stored parameter goes (product rules, What the client keeps: "Other browser storage"): clickid and company are
 * stored (local storage), isDisableEdit and skip_analytics are stored for the browser session, and
 * platform is kept in local storage under `platform` (the API client sends it as a header).
 */
export const LAUNCH_PARAM_STORAGE = [
  { param: 'clickid', storage: 'local', key: 'clickid' },
  { param: 'company', storage: 'local', key: 'company' },
  { param: 'platform', storage: 'local', key: 'platform' },
  { param: 'isDisableEdit', storage: 'session', key: 'isDisableEdit' },
  { param: 'skip_analytics', storage: 'session', key: 'skip_analytics' },
] as const;

export interface LaunchParams {
  platform: string | null;
  /** true for `hideBackBtn=true`, false for any other value, null when absent. */
  hideBackBtn: boolean | null;
  clickid: string | null;
  isDisableEdit: string | null;
  skipAnalytics: string | null;
  sectionid: string | null;
  company: string | null;
}

function value(params: URLSearchParams, name: string): string | null {
  const raw = params.get(name)?.trim();
  return raw ? raw.slice(0, MAX_VALUE_LENGTH) : null;
}

/** Reads the launch parameters from a query string (with or without '?'). Empty values count as absent. */
export function readLaunchParams(search: string): LaunchParams {
  const params = new URLSearchParams(search);
  const hideBackBtn = value(params, 'hideBackBtn');
  return {
    platform: value(params, 'platform'),
    hideBackBtn: hideBackBtn === null ? null : hideBackBtn === 'true',
    clickid: value(params, 'clickid'),
    isDisableEdit: value(params, 'isDisableEdit'),
    skipAnalytics: value(params, 'skip_analytics'),
    sectionid: value(params, SECTION_ID_PARAM),
    company: value(params, 'company'),
  };
}

export interface LaunchParamStorages {
  local?: Pick<Storage, 'setItem'>;
  session?: Pick<Storage, 'setItem'>;
}

/** What the shell acts on itself after storing the rest. */
export type AppliedLaunchParams = Pick<LaunchParams, 'hideBackBtn' | 'platform' | 'sectionid'>;

/**
 * Stores the parameters that are stored (table above): present values only, so a later page without
 * them keeps what an earlier one stored. Blocked storage (private modes, quotas) is skipped, never thrown.
 * Returns hideBackBtn (for the app config), platform and sectionid (for `scrollToSection`).
 */
export function applyLaunchParams(
  params: LaunchParams,
  { local = window.localStorage, session = window.sessionStorage }: LaunchParamStorages = {},
): AppliedLaunchParams {
  const byParam: Record<(typeof LAUNCH_PARAM_STORAGE)[number]['param'], string | null> = {
    clickid: params.clickid,
    company: params.company,
    platform: params.platform,
    isDisableEdit: params.isDisableEdit,
    skip_analytics: params.skipAnalytics,
  };
  for (const { param, storage, key } of LAUNCH_PARAM_STORAGE) {
    const found = byParam[param];
    if (found === null) continue;
    try {
      (storage === 'local' ? local : session).setItem(key, found);
    } catch {
      // storage unavailable: the value only lives for this page
    }
  }
  return { hideBackBtn: params.hideBackBtn, platform: params.platform, sectionid: params.sectionid };
}

/** The query string without `name`, other parameters kept byte for byte (no re-encoding). */
function withoutParam(search: string, name: string): string {
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => {
      if (!part) return false;
      const rawKey = part.split('=')[0] ?? '';
      try {
        return decodeURIComponent(rawKey.replace(/\+/g, ' ')) !== name;
      } catch {
        return true;
      }
    });
  return kept.length ? `?${kept.join('&')}` : '';
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Product rules, Entry parameters: "sectionid (smooth scroll to that element after 100 ms, then removed from the URL)". After
 * `delayMs` (the page has rendered) scrolls the element with that id into view, smoothly unless the
 * user asked for reduced motion, then removes only `sectionid` from the address with
 * `history.replaceState` (keeping the router's history state, the other parameters and the hash).
 * Returns a function that cancels a scroll not yet run.
 */
export function scrollToSection(id: string, { delayMs = SECTION_SCROLL_DELAY_MS }: { delayMs?: number } = {}): () => void {
  const timer = setTimeout(() => {
    document.getElementById(id)?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    const { pathname, search, hash } = window.location;
    const nextSearch = withoutParam(search, SECTION_ID_PARAM);
    if (nextSearch !== search) window.history.replaceState(window.history.state, '', `${pathname}${nextSearch}${hash}`);
  }, delayMs);
  return () => clearTimeout(timer);
}
