// Product rules, Entry parameters: entry parameters the app webviews pass, and what each one switches:
// isDisableEdit (stored for the browser session), is_secondary_token_handled, and the installed-web-app
// flag of the session-room address. hideBackBtn lives in the app config (see ui/BackControl).

/** Session storage key where the launch parameter isDisableEdit is kept (query-params.ts stores it). */
export const EDIT_DISABLED_KEY = 'isDisableEdit';
export const SECONDARY_TOKEN_HANDLED_PARAM = 'is_secondary_token_handled';

/** The fields the app owns when isDisableEdit is set: the web shows them read-only. */
export const APP_OWNED_FIELDS = ['name', 'phone', 'email', 'date_of_birth'] as const;
export type AppOwnedField = (typeof APP_OWNED_FIELDS)[number];
export const APP_OWNED_FIELD_NOTE = 'Your name, mobile number, e-mail and date of birth are managed in the app. Change them there.';

/** `isDisableEdit=true` (any case) locks the app-owned fields; any other value or none leaves them editable. */
export function isEditDisabledValue(value: string | null | undefined): boolean {
  return value?.trim().toLowerCase() === 'true';
}

/** Whether this browser session was opened with isDisableEdit=true. */
export function isEditDisabled(storage: () => Pick<Storage, 'getItem'> = () => window.sessionStorage): boolean {
  try {
    return isEditDisabledValue(storage().getItem(EDIT_DISABLED_KEY));
  } catch {
    return false;
  }
}

/** `is_secondary_token_handled=true`: the app already holds the secondary-profile token; the web neither stores nor sends it. */
export function isSecondaryTokenHandled(search: string): boolean {
  return new URLSearchParams(search).get(SECONDARY_TOKEN_HANDLED_PARAM)?.trim().toLowerCase() === 'true';
}

export interface DisplayModeWindow {
  matchMedia?: (query: string) => { matches: boolean };
  navigator?: { standalone?: boolean };
}

/** Running as an installed web app: display-mode standalone (or fullscreen / minimal-ui), or iOS's home-screen flag. */
export function isInstalledWebApp(win: DisplayModeWindow = window as unknown as DisplayModeWindow): boolean {
  if (win.navigator?.standalone === true) return true;
  if (typeof win.matchMedia !== 'function') return false;
  return ['standalone', 'fullscreen', 'minimal-ui'].some((mode) => win.matchMedia?.(`(display-mode: ${mode})`).matches === true);
}
