// Getting in (product rules, Sessions and the room): the payload's credentials (or the provider's room link) are checked
// by the api against the booking; every refusal comes back with a code the room turns into its page.
import {
  type Answer,
  type ApiErrorBody,
  apiClient,
  isApiError,
  getCredentials,
  setCredentials,
  reportError,
  SECONDARY_TOKEN_KEY,
  type Credentials,
} from '@haven/shared';
import { type ChatPublicKey, type SessionRoomEntry } from '@haven/shared/dashboard-rules';
import type { ChatKeyCertificate } from '../chat/chat-key-proof';

/** The api's answer to joining: role, session and the realtime token for rooms/{uuid}. */
export type RoomJoin = Answer<'/session_room/{uuid}/join', 'post'>['data'];
/** The session as its patient sees it while in the room. */
export type RoomSession = Answer<'/session_room/{uuid}', 'get'>['data'];

export type RefusalCode =
  | 'room_link_invalid'
  | 'room_not_yours'
  | 'session_cancelled'
  | 'session_not_open'
  | 'session_ended'
  | 'session_offline'
  | 'link_damaged'
  | 'unavailable';

export type EnterResult = { ok: true; join: RoomJoin } | { ok: false; code: RefusalCode | 'another_person' };

const KNOWN: readonly RefusalCode[] = [
  'room_link_invalid',
  'room_not_yours',
  'session_cancelled',
  'session_not_open',
  'session_ended',
  'session_offline',
];

/**
 * The credentials to use: the stored ones when they are the same device's (`client`), because the api
 * rotated the payload's token since (a reload of the room); otherwise the payload's.
 */
export function credentialsFor(payload: Record<string, string>, stored: Credentials | null): Credentials {
  if (stored && stored.client === payload.client && stored.uid === payload.uid) return stored;
  return { 'access-token': payload['access-token']!, client: payload.client!, uid: payload.uid!, expiry: payload.expiry! };
}

/**
 * True when this browser holds a different person's session than the link's (devise `uid`, the e-mail
 * or phone, compared lower-cased): the room never replaces that session; it offers to sign out first.
 */
export function isAnotherPersonsLink(payload: Record<string, string>, stored: Credentials | null): boolean {
  return stored !== null && stored.uid.trim().toLowerCase() !== (payload.uid ?? '').trim().toLowerCase();
}

export async function enterRoom(sessionId: string, entry: SessionRoomEntry, secondaryToken: string | null): Promise<EnterResult> {
  // The payload's credentials and the link's secondary-profile token go with this one call and are kept
  // only once the api accepts them: a tampered or someone else's link must not replace what this
  // browser holds. Another person's session is never replaced by a link: they sign out first
  // (the room offers it), and nothing is sent until then.
  const stored = getCredentials();
  if (entry.kind === 'patient' && isAnotherPersonsLink(entry.credentials, stored)) return { ok: false, code: 'another_person' };
  const used = entry.kind === 'patient' ? credentialsFor(entry.credentials, stored) : null;
  const headers: Record<string, string> = used
    ? { 'access-token': used['access-token'], client: used.client, uid: used.uid, expiry: used.expiry }
    : {};
  // The link's secondary token wins over a stored one.
  if (used && secondaryToken) headers['secondary-profile-access-token'] = secondaryToken;
  try {
    const body = entry.kind === 'provider' ? { room_token: entry.roomToken } : {};
    const { data } = await apiClient.post<Answer<'/session_room/{uuid}/join', 'post'>>(
      `/session_room/${encodeURIComponent(sessionId)}/join`,
      body,
      { headers },
    );
    // Accepted. The api rotated the token (the client stored the new one already); otherwise keep the link's.
    const now = getCredentials();
    if (used && (now?.client !== used.client || now.uid !== used.uid)) setCredentials(used);
    if (used && secondaryToken) window.localStorage.setItem(SECONDARY_TOKEN_KEY, secondaryToken);
    if (data.data.role === 'patient') await startSession(sessionId);
    return { ok: true, join: data.data };
  } catch (error) {
    // Product rules, Sessions and the room: a join failure is only reported; the page says why and where to go.
    reportError(error, { where: 'session room join', sessionId });
    const code = isApiError<Partial<ApiErrorBody> | undefined>(error) ? error.response?.data?.code : undefined;
    return { ok: false, code: KNOWN.find((known) => known === code) ?? 'unavailable' };
  }
}

/**
 * The patient in the room starts their session (the api records the first start). Being in the room
 * does not depend on it: a failure is reported and the session goes on.
 */
export async function startSession(sessionId: string): Promise<void> {
  try {
    await apiClient.post<Answer<'/customers/bookings/{uuid}/session_start', 'post'>>(
      `/customers/bookings/${encodeURIComponent(sessionId)}/session_start`,
      {},
    );
  } catch (error) {
    reportError(error, { where: 'session start', sessionId });
  }
}

/**
 * The api vouches for this person's chat public key in the room (docs/session-room.md, Chat encryption):
 * the provider enters with the room link, the patient with the credentials adopted on joining.
 */
export async function certifyChatKey(sessionId: string, entry: SessionRoomEntry, publicKey: ChatPublicKey): Promise<ChatKeyCertificate> {
  const body = entry.kind === 'provider' ? { room_token: entry.roomToken, public_key: publicKey } : { public_key: publicKey };
  const { data } = await apiClient.post<Answer<'/session_room/{uuid}/chat_key', 'post'>>(
    `/session_room/${encodeURIComponent(sessionId)}/chat_key`,
    body,
  );
  return data.data;
}

/** The patient's session while in the room (status, end time); a lost session is handled by the api client (product rules, Session loss). */
export async function fetchRoomSession(sessionId: string): Promise<RoomSession> {
  const { data } = await apiClient.get<Answer<'/session_room/{uuid}', 'get'>>(`/session_room/${encodeURIComponent(sessionId)}`);
  return data.data;
}
