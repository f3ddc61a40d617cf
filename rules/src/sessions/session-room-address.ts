// Product rules, Sessions and the room: "Session room" and "Join session": the room address is the session id, the auth payload
// plus `redirectUrl` (the current address, URL-encoded) JSON-serialised and base64-encoded, and the
// platform marker; the query says whether the request comes from the installed web app and carries the
// secondary-profile token when one is stored.

export const SESSION_ROOM_PLATFORMS = ['android', 'ios', 'website'] as const;
export type SessionRoomPlatform = (typeof SESSION_ROOM_PLATFORMS)[number];
/** The query flag marking a room request as coming from the installed web app. */
export const WEB_APP_QUERY_FLAG = 'is_web_app';
export const SECONDARY_TOKEN_QUERY = 'secondary_token';
/** Join opens this many minutes before the start and stays open until the session ends. */
export const JOIN_WINDOW_MINUTES = 10;

export interface SessionRoomAddressInput {
  sessionId: string;
  /** The auth payload the API client helper gives (devise credentials). */
  auth: Readonly<Record<string, string>>;
  /** The page the patient joins from (window.location.href). */
  currentUrl: string;
  platform: SessionRoomPlatform;
  secondaryToken?: string | null;
  /** The page runs as an installed web app (display-mode standalone: `isInstalledWebApp`). */
  installedWebApp: boolean;
}

/** UTF-8 safe base64 (btoa alone only takes Latin-1). */
export function base64Json(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodeBase64Json(text: string): unknown {
  const binary = atob(text);
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

/** The path and query of the room; base64 may hold '/', so the payload segment is URL-encoded. */
export function sessionRoomAddress(input: SessionRoomAddressInput): string {
  const payload = base64Json({ ...input.auth, redirectUrl: encodeURIComponent(input.currentUrl) });
  const query = new URLSearchParams({ [WEB_APP_QUERY_FLAG]: String(input.installedWebApp) });
  if (input.secondaryToken) query.set(SECONDARY_TOKEN_QUERY, input.secondaryToken);
  return `/session-room/${encodeURIComponent(input.sessionId)}/${encodeURIComponent(payload)}/${input.platform}?${query.toString()}`;
}

/** The platform marker: the app's own when inside its webview (stored `platform`), else website. */
export function sessionRoomPlatform(storedPlatform: string | null | undefined, inWebview: boolean): SessionRoomPlatform {
  const p = storedPlatform?.toLowerCase();
  if (inWebview && (p === 'android' || p === 'ios')) return p;
  return 'website';
}

/** Join is enabled from JOIN_WINDOW_MINUTES before the start until the end. */
export function isJoinOpen(start: string, end: string, now: number): boolean {
  const s = Date.parse(start);
  const e = Date.parse(end);
  if (Number.isNaN(s) || Number.isNaN(e)) return false;
  return now >= s - JOIN_WINDOW_MINUTES * 60_000 && now < e;
}

/** What a room address's payload says about who is coming in (product rules, Sessions and the room: the auth payload plus redirectUrl). */
export type SessionRoomEntry =
  | { kind: 'patient'; credentials: Record<string, string>; redirectUrl: string | null }
  | { kind: 'provider'; roomToken: string; redirectUrl: string | null };

const CREDENTIAL_FIELDS = ['access-token', 'client', 'uid', 'expiry'] as const;

/**
 * Reads the payload segment of a room address: the patient's credentials (the four devise fields), or
 * the provider's room link token (`room_token`, issued by the api). Null when it cannot be read (a
 * damaged or tampered link): the room says so instead of trying.
 */
export function readSessionRoomPayload(segment: string): SessionRoomEntry | null {
  let value: unknown;
  try {
    value = decodeBase64Json(segment);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  let redirectUrl: string | null = null;
  if (typeof record.redirectUrl === 'string' && record.redirectUrl !== '') {
    try {
      redirectUrl = decodeURIComponent(record.redirectUrl);
    } catch {
      redirectUrl = null;
    }
  }
  if (typeof record.room_token === 'string' && record.room_token !== '')
    return { kind: 'provider', roomToken: record.room_token, redirectUrl };
  const credentials: Record<string, string> = {};
  for (const field of CREDENTIAL_FIELDS) {
    const v = record[field];
    if (typeof v !== 'string' || v === '') return null;
    credentials[field] = v;
  }
  return { kind: 'patient', credentials, redirectUrl };
}

/** Where "back" goes from the room: the page the person came from when it is on this site, else `fallback`. */
export function sessionRoomReturnPath(redirectUrl: string | null, origin: string, fallback = '/dashboard'): string {
  if (!redirectUrl) return fallback;
  try {
    const url = new URL(redirectUrl, origin);
    if (url.origin !== origin || url.pathname.startsWith('/session-room')) return fallback;
    return `${url.pathname}${url.search}`;
  } catch {
    return fallback;
  }
}
