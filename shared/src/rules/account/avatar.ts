// Spec §5: an avatar url is the default avatar or an image in the avatar folder on the asset host.
// Anything else (another host, another folder, a path that climbs out, another scheme) falls back to
// the default, so a profile can never point the page at an arbitrary address.

export const AVATAR_FOLDER = '/avatars/';
export const DEFAULT_AVATAR_FILE = 'default.png';

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
