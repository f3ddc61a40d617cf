// Product rules, Validation: "A video link is valid when it yields an 11-character video id, otherwise 'invalid'."
// The experts page links talks and videos by their video id; a link that yields none is shown as
// unavailable, never as a broken player.

export const INVALID_VIDEO_ID = 'invalid';
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const VIDEO_HOSTS = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com', 'youtu.be'];

/** The 11-character video id a link yields (watch?v=, youtu.be/, embed/, shorts/, live/, v/), else 'invalid'. */
export function videoId(link: string): string {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return INVALID_VIDEO_ID;
  }
  if (!/^https?:$/.test(url.protocol) || !VIDEO_HOSTS.includes(url.hostname.toLowerCase())) return INVALID_VIDEO_ID;
  const parts = url.pathname.split('/').filter(Boolean);
  const candidate =
    url.hostname.toLowerCase() === 'youtu.be'
      ? parts[0]
      : parts[0] === 'watch'
        ? url.searchParams.get('v')
        : ['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')
          ? parts[1]
          : undefined;
  return candidate && VIDEO_ID.test(candidate) ? candidate : INVALID_VIDEO_ID;
}

export function isValidVideoLink(link: string): boolean {
  return videoId(link) !== INVALID_VIDEO_ID;
}
