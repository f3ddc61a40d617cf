// The session room's address carries secrets: the patient's credentials and e-mail (or the provider's
// room link) in its payload segment, and the secondary-profile token in its query. Like the partner
// hand-off's token, they leave the address bar and history (replaceState) before anything renders or
// reads the URL (analytics, error reports, the Referer of later requests). The room reads them from
// here: memory, and this tab's sessionStorage so that a reload of the room still finds them.
import { SECONDARY_TOKEN_QUERY } from '@haven/rules';
import { reportError } from '../reporting/report-error';

/** What stands in the address for the payload once it is taken out. */
export const ROOM_PAYLOAD_PLACEHOLDER = 'entry';
const ROOM_PATH = /^\/session-room\/([^/]+)\/([^/]+)\/([^/]+)\/?$/;
const STORAGE_PREFIX = 'haven-room-entry:';

export interface RoomEntryCapture {
  /** The payload segment, decoded (what the route parameter would have held). */
  payload: string;
  secondaryToken: string | null;
}

const captured = new Map<string, RoomEntryCapture>();

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

type LocationLike = Pick<Location, 'pathname' | 'search' | 'hash'>;

/**
 * Takes the payload and the secondary token out of a room address (the entry in history is rewritten,
 * not added). The shell and the room's own page call it first thing; calling again is harmless.
 */
export function captureRoomEntry(loc: LocationLike = window.location, storage: () => Storage = () => window.sessionStorage): void {
  const match = ROOM_PATH.exec(loc.pathname);
  if (!match) return;
  const [, id = '', payload = '', platform = ''] = match;
  const params = new URLSearchParams(loc.search);
  if (payload === ROOM_PAYLOAD_PLACEHOLDER && !params.has(SECONDARY_TOKEN_QUERY)) return;
  const sessionId = decode(id);
  const before = captured.get(sessionId) ?? readStored(sessionId, storage);
  const entry: RoomEntryCapture = {
    payload: payload === ROOM_PAYLOAD_PLACEHOLDER ? (before?.payload ?? '') : decode(payload),
    secondaryToken: params.get(SECONDARY_TOKEN_QUERY) ?? before?.secondaryToken ?? null,
  };
  captured.set(sessionId, entry);
  try {
    storage().setItem(STORAGE_PREFIX + sessionId, JSON.stringify(entry));
  } catch (error) {
    // Private mode or a full store: the room still opens from memory; a reload then shows link_damaged.
    reportError(error, { where: 'session room entry', step: 'keep for reload' });
  }
  params.delete(SECONDARY_TOKEN_QUERY);
  const search = params.toString();
  window.history.replaceState(
    window.history.state,
    '',
    `/session-room/${id}/${ROOM_PAYLOAD_PLACEHOLDER}/${platform}${search ? `?${search}` : ''}${loc.hash}`,
  );
}

function readStored(sessionId: string, storage: () => Storage): RoomEntryCapture | null {
  try {
    const raw = storage().getItem(STORAGE_PREFIX + sessionId);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<RoomEntryCapture>;
    return typeof value.payload === 'string'
      ? { payload: value.payload, secondaryToken: typeof value.secondaryToken === 'string' ? value.secondaryToken : null }
      : null;
  } catch (error) {
    reportError(error, { where: 'session room entry', step: 'read for reload' });
    return null;
  }
}

/** The captured entry of this room (this page load, or an earlier load of this tab), or null. */
export function roomEntryFor(sessionId: string, storage: () => Storage = () => window.sessionStorage): RoomEntryCapture | null {
  return captured.get(sessionId) ?? readStored(sessionId, storage);
}
