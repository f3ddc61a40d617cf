// The encrypted chat of a session room: publishes this device's public key with the api's proof that it is
// this person's, derives the channel key when the other side's key is there and its proof checks out (kept
// in the chat state's decryptionKeys, product rules, What the client keeps), and opens each message. A key
// the proof does not vouch for is never used: the chat pauses and both people are told (docs/session-room.md).
import { useCallback, useEffect, useRef, useState } from 'react';
import { havenStore, reportError } from '@haven/shared';
import { chatPublicKeyOf, type ChatPublicKey } from '@haven/shared/dashboard-rules';
import type { RoomChannel, Role } from '../call/room-channel';
import { chatChannel, deriveChatKey, exportChatKey, exportPublicKey, open, seal, type Sealed } from './chat-crypto';
import { checkPublishedKey, sameKey, type ChatKeyCertificate, type PublishedChatKey } from './chat-key-proof';
import { chatKeyPair } from './key-store';

interface StoredMessage extends Sealed {
  from: Role;
  at?: number;
}
export interface ChatMessage {
  id: string;
  from: Role;
  /** Null: this device cannot open it (sent to another key pair of the other person). */
  text: string | null;
  at: number | null;
}

const contextOf = (sessionId: string, from: Role) => `${sessionId}|${from}`;

/** The api vouches for this device's public key in this room (on this side). */
export type CertifyChatKey = (key: ChatPublicKey) => Promise<ChatKeyCertificate>;

/**
 * Why the chat is paused, when it is: the other side's key has no proof that it is theirs
 * (`their_key_refused`), this person's own key in the room was replaced by one without a proof
 * (`my_key_replaced`), or the api could not vouch for this device's key (`unavailable`).
 */
export type ChatTrouble = 'their_key_refused' | 'my_key_replaced' | 'unavailable';

export function useRoomChat(channel: RoomChannel, sessionId: string, certify: CertifyChatKey) {
  const [key, setKey] = useState<CryptoKey | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [troubles, setTroubles] = useState<ReadonlySet<ChatTrouble>>(new Set());
  const opened = useRef(new Map<string, ChatMessage>());

  useEffect(() => {
    let cancelled = false;
    const stops: Array<() => void> = [];
    const trouble = (which: ChatTrouble, on: boolean) =>
      setTroubles((now) => {
        if (now.has(which) === on) return now;
        const next = new Set(now);
        if (on) next.add(which);
        else next.delete(which);
        return next;
      });
    // The derived key is used only while both published keys are vouched for.
    let theirs: CryptoKey | null = null;
    let mineIntact = true;
    const applyKey = () => setKey(mineIntact ? theirs : null);

    void (async () => {
      const pair = await chatKeyPair(`${sessionId}:${channel.role}`);
      const mine = chatPublicKeyOf(await exportPublicKey(pair.publicKey));
      if (!mine) throw new Error('This device made a chat key that is not a P-256 public key');
      let certificate: ChatKeyCertificate;
      try {
        certificate = await certify(mine);
      } catch (error) {
        if (!cancelled) trouble('unavailable', true);
        throw error;
      }
      if (cancelled) return;
      const published: PublishedChatKey = { key: mine, proof: certificate.proof };
      await channel.set(`keys/${channel.role}`, published);
      if (cancelled) return;
      const refused = (role: Role, why: string) =>
        reportError(new Error(`The session room refused a chat key without a valid proof (${why})`), {
          where: 'session room chat keys',
          role,
        });

      // This person's own side: another key there is either their other device (vouched for; the
      // earlier messages then cannot be read here, as before) or a swap, which the other side refuses.
      let mineSeen = '';
      stops.push(
        channel.watch<unknown>(`keys/${channel.role}`, (value) => {
          const seen = JSON.stringify(value);
          if (seen === mineSeen) return;
          mineSeen = seen;
          const held = chatPublicKeyOf((value as { key?: unknown } | null)?.key);
          if (value === null || (held && sameKey(held, mine))) {
            mineIntact = true;
            trouble('my_key_replaced', false);
            applyKey();
            return;
          }
          void checkPublishedKey(value, { room: sessionId, role: channel.role }, certificate.verification_key).then((check) => {
            if (cancelled || seen !== mineSeen) return;
            mineIntact = check.ok;
            trouble('my_key_replaced', !check.ok);
            if (!check.ok) refused(channel.role, check.why);
            applyKey();
          });
        }),
      );

      let theirsSeen = '';
      stops.push(
        channel.watch<unknown>(`keys/${channel.other}`, (value) => {
          const seen = JSON.stringify(value);
          if (value === null || seen === theirsSeen) return;
          theirsSeen = seen;
          void (async () => {
            const check = await checkPublishedKey(value, { room: sessionId, role: channel.other }, certificate.verification_key);
            if (cancelled || seen !== theirsSeen) return;
            if (!check.ok) {
              // Never used, not even kept: the chat pauses until a key with a valid proof is there.
              theirs = null;
              trouble('their_key_refused', true);
              refused(channel.other, check.why);
              applyKey();
              return;
            }
            const derived = await deriveChatKey(pair.privateKey, check.key, sessionId);
            if (cancelled || seen !== theirsSeen) return;
            havenStore.getState().chat.setDecryptionKey(chatChannel(sessionId), await exportChatKey(derived));
            opened.current.clear(); // a new key may open messages the old one could not
            theirs = derived;
            trouble('their_key_refused', false);
            applyKey();
          })().catch((error: unknown) => reportError(error, { where: 'session room chat keys' }));
        }),
      );
    })().catch((error: unknown) => reportError(error, { where: 'session room chat keys' }));
    return () => {
      cancelled = true;
      for (const stop of stops) stop();
    };
  }, [channel, sessionId, certify]);

  useEffect(() => {
    if (!key) return undefined;
    let latest = 0;
    return channel.watch<Record<string, StoredMessage>>('chat', (all) => {
      const run = ++latest;
      const entries = Object.entries(all ?? {});
      void Promise.all(
        entries.map(async ([id, m]) => {
          const known = opened.current.get(id);
          if (known) return known;
          const message: ChatMessage = {
            id,
            from: m.from,
            text: await open(key, m, contextOf(sessionId, m.from)),
            at: typeof m.at === 'number' ? m.at : null,
          };
          opened.current.set(id, message);
          return message;
        }),
      ).then((list) => {
        if (run === latest) setMessages(list); // push ids sort by time
      });
    });
  }, [channel, key, sessionId]);

  const send = useCallback(
    async (text: string) => {
      if (!key) throw new Error('The chat key is not ready');
      const sealed = await seal(key, text, contextOf(sessionId, channel.role));
      await channel.push('chat', { from: channel.role, ...sealed, at: channel.serverTime() });
    },
    [channel, key, sessionId],
  );

  return { ready: key !== null, messages, send, troubles };
}
