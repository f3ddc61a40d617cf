import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, reportError } from '@haven/shared';
import type { RoomChannel } from '../call/room-channel';
import { useRoomChat, type CertifyChatKey, type ChatTrouble } from './use-room-chat';
import './ChatPanel.css';

export interface ChatPanelProps {
  channel: RoomChannel;
  sessionId: string;
  /** How the other person is named ("Dr. Rao", "Priya"). */
  otherName: string;
  /** How many messages the other person has sent so far (the call's Chat button counts the unread ones). */
  onTheirCount?(count: number): void;
  /** The api vouches for this device's chat key (the other side refuses a key it has not vouched for). */
  certifyKey: CertifyChatKey;
}

/** What happened and what to do, in the order people should read it. */
export function chatTroubleText(trouble: ChatTrouble, otherName: string): string {
  switch (trouble) {
    case 'their_key_refused':
      return `The chat is paused. The security key sent for ${otherName} could not be confirmed as theirs, so this device does not use it: nothing is sent or opened with it. Leave the session and join again. If this message comes back, tell ${otherName} and contact Haven support.`;
    case 'my_key_replaced':
      return `The chat is paused. Your security key for this chat was replaced by one that is not yours, so ${otherName}'s device will not use it: nothing you send could be read. Leave the session and join again. If this message comes back, tell ${otherName} and contact Haven support.`;
    case 'unavailable':
      return 'The chat could not be opened: we could not reach Haven to secure it. Your call goes on. Leave the session and join again to try once more.';
  }
}

/**
 * Said once, where the first message this device cannot open would be: the chat's keys never leave the
 * devices that sent and received it, so a new device (or a cleared browser) cannot open what came before.
 */
export const EARLIER_MESSAGES_TEXT =
  'Earlier messages are not shown on this device. The chat is end-to-end encrypted, and the keys that open it stay on the device that sent or received each message, so they can only be read there. New messages appear here as usual.';

/** In-session chat, end-to-end encrypted; what was typed stays in the field until it is sent. */
export function ChatPanel({ channel, sessionId, otherName, onTheirCount, certifyKey }: ChatPanelProps) {
  const { ready, messages, send, troubles } = useRoomChat(channel, sessionId, certifyKey);
  const theirs = messages.filter((m) => m.from !== channel.role).length;
  const firstUnreadable = messages.find((m) => m.text === null)?.id;
  useEffect(() => onTheirCount?.(theirs), [theirs, onTheirCount]);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const headingId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || sending) return;
    setSending(true);
    setProblem(null);
    try {
      await send(text);
      setDraft('');
    } catch (error) {
      reportError(error, { where: 'session room chat send' });
      setProblem('Your message was not sent. Check your connection and try again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="hv-room-chat" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        Chat
      </h2>
      <p className="hv-room-chat__note">Only you and {otherName} can read these messages: they are encrypted on your device.</p>
      <ol className="hv-room-chat__log" role="log" aria-live="polite" aria-label="Chat messages">
        {messages.map((m) =>
          m.text === null ? (
            m.id === firstUnreadable ? (
              <li key={m.id} className="hv-room-chat__earlier" data-testid="chat-earlier-messages">
                {EARLIER_MESSAGES_TEXT}
              </li>
            ) : null
          ) : (
            <li key={m.id} className={m.from === channel.role ? 'hv-room-chat__mine' : 'hv-room-chat__theirs'}>
              <span className="hv-room-chat__who">{m.from === channel.role ? 'You' : otherName}: </span>
              {m.text}
            </li>
          ),
        )}
      </ol>
      <form className="hv-room-chat__form" onSubmit={(e) => void submit(e)}>
        <label htmlFor={inputId}>Message</label>
        <input
          id={inputId}
          value={draft}
          maxLength={2000}
          autoComplete="off"
          disabled={!ready}
          aria-describedby={ready ? undefined : `${inputId}-wait`}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" disabled={!ready || sending || draft.trim() === ''}>
          Send
        </Button>
      </form>
      {troubles.size > 0 ? (
        <div role="alert" className="hv-room-chat__trouble" data-testid="chat-key-trouble">
          {[...troubles].map((t) => (
            <p key={t}>{chatTroubleText(t, otherName)}</p>
          ))}
        </div>
      ) : null}
      {ready || troubles.size > 0 ? null : (
        <p id={`${inputId}-wait`} className="hv-room-chat__note">
          The chat opens when {otherName} has joined.
        </p>
      )}
      {problem ? <p role="alert">{problem}</p> : null}
    </section>
  );
}
