// The encrypted chat of a session room: publishes this device's public key, derives the channel key when
// the other side's is there (kept in the chat state's decryptionKeys, product rules, What the client keeps), and opens each message.
import { useCallback, useEffect, useRef, useState } from 'react';
import { havenStore, reportError } from '@haven/shared';
import type { RoomChannel, Role } from '../call/room-channel';
import { chatChannel, deriveChatKey, exportChatKey, exportPublicKey, open, seal, type Sealed } from './chat-crypto';
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

export function useRoomChat(channel: RoomChannel, sessionId: string) {
  const [key, setKey] = useState<CryptoKey | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const opened = useRef(new Map<string, ChatMessage>());

  useEffect(() => {
    let cancelled = false;
    let stop: (() => void) | undefined;
    void (async () => {
      const pair = await chatKeyPair(`${sessionId}:${channel.role}`);
      const mine = await exportPublicKey(pair.publicKey);
      await channel.set(`keys/${channel.role}`, mine);
      if (cancelled) return;
      let theirsSeen = '';
      stop = channel.watch<JsonWebKey>(`keys/${channel.other}`, (theirs) => {
        if (!theirs || JSON.stringify(theirs) === theirsSeen) return;
        theirsSeen = JSON.stringify(theirs);
        void deriveChatKey(pair.privateKey, theirs, sessionId).then(async (derived) => {
          if (cancelled) return;
          havenStore.getState().chat.setDecryptionKey(chatChannel(sessionId), await exportChatKey(derived));
          opened.current.clear(); // a new key may open messages the old one could not
          setKey(derived);
        });
      });
    })().catch((error: unknown) => reportError(error, { where: 'session room chat keys' }));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [channel, sessionId]);

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

  return { ready: key !== null, messages, send };
}
