// Product rules, Validation: an avatar url is the default avatar or an image in the avatar folder on the asset host.
// Anything else (another host, another folder, a path that climbs out, another scheme) falls back to
// the default, so a profile can never point the page at an arbitrary address.

export const AVATAR_FOLDER = '/avatars/';
/** A warm drawn portrait (WebP) the asset host's avatar folder ships (api/assets/avatars off production). */
export const DEFAULT_AVATAR_FILE = 'default.webp';

/** The default avatar on `assetHost` (an origin such as https://assets.example.com). */
export function defaultAvatarUrl(assetHost: string): string {
  return `${assetHost.replace(/\/+$/, '')}${AVATAR_FOLDER}${DEFAULT_AVATAR_FILE}`;
}

/** Whether `url` is a file directly in the avatar folder on the asset host (https, or the host's own scheme). */
export function isAvatarUrl(url: string, assetHost: string): boolean {
  let u: URL;
  let host: URL;
  try {
    u = new URL(url);
    host = new URL(assetHost);
  } catch {
    return false;
  }
  if (u.origin !== host.origin || u.username || u.password) return false;
  // URL parsing resolves "." and ".." segments, so a climbing path no longer starts with the folder.
  if (!u.pathname.startsWith(AVATAR_FOLDER)) return false;
  const file = u.pathname.slice(AVATAR_FOLDER.length);
  return /^[A-Za-z0-9._-]+$/.test(file) && !file.startsWith('.') && !/%2f|%5c/i.test(url);
}

/** The avatar to show: the stored url when it passes the rule, otherwise the default avatar. */
export function avatarUrl(stored: string | null | undefined, assetHost: string): string {
  return stored && isAvatarUrl(stored, assetHost) ? stored : defaultAvatarUrl(assetHost);
}

/**
 * The image to show, or null for the default avatar. The default avatar is drawn on the page (initials
 * on a colour), so a profile without a photo costs no request; the stored url is shown only when it
 * passes the rule for the asset host the runtime config names (no asset host: no images at all).
 */
export function avatarImage(stored: string | null | undefined, assetHost: string | undefined): string | null {
  return stored && assetHost && isAvatarUrl(stored, assetHost) ? stored : null;
}

/** Initials of the default avatar: the first letter of the first and last name (one if only one), upper-cased; '?' without a name. */
export function avatarInitials(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const letter = (s: string | null | undefined) => [...(s ?? '').trim()].find((c) => /\p{L}/u.test(c)) ?? '';
  const initials = `${letter(firstName)}${letter(lastName)}`.toLocaleUpperCase();
  return initials || '?';
}

/** Background colours of the default avatar; each keeps white initials above 4.5:1 contrast. */
export const AVATAR_COLOURS = ['#1f5f7a', '#6b3fa0', '#9c3d54', '#2e6b3f', '#8a4b08', '#3b4fa0'] as const;

/** One colour per profile, the same on every page and visit (from its uuid, or the name without one). */
export function avatarColour(key: string): string {
  let h = 0;
  for (const c of key) h = (h * 31 + c.codePointAt(0)!) >>> 0;
  return AVATAR_COLOURS[h % AVATAR_COLOURS.length]!;
}
