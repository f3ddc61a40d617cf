import { useEffect, useRef, useState, type ReactNode } from 'react';
import { eventBus, getRuntimeConfig, reportError, type IceServer } from '@haven/shared';
import { IconClose, IconMicOff } from '@haven/shared/design';
import { ChatPanel } from '../chat/ChatPanel';
import type { CertifyChatKey } from '../chat/use-room-chat';
import { DeviceSelect } from '../prejoin/DeviceSelect';
import type { LocalMedia, MediaKind } from '../prejoin/use-local-media';
import type { MediaChoice } from './media-memory';
import { CallControls } from './CallControls';
import { callStatus, callStatusText, remainingTimeText } from './call-status';
import { PeerLink, type LinkState } from './peer-link';
import type { RoomChannel } from './room-channel';
import { useNow } from './use-now';
import './CallRoom.css';

export interface CallRoomProps {
  channel: RoomChannel;
  sessionId: string;
  endsAt: number;
  otherName: string;
  media: LocalMedia;
  /** Microphone and camera as this person last left them (on, after the pre-join; as they were, after a reload). */
  startMedia: MediaChoice;
  onMediaChange(choice: MediaChoice): void;
  choose(kind: MediaKind, deviceId: string): Promise<MediaStreamTrack | null>;
  /** After this person pressed Leave (the other side has been told). */
  onLeft(): void;
  /** What this person must read during the call (the provider's patient-risk notice), beside the chat. */
  notice?: ReactNode;
  /** TURN relays with this person's short-lived credential for this room (the api's join answer). */
  relays?: IceServer[];
  /** What the bar offers beside the time left (the patient's "Extend"), given the room's clock. */
  endAction?: (now: number) => ReactNode;
  /** The api vouches for this person's chat key (entered as on joining). */
  certifyChatKey: CertifyChatKey;
}

const NO_RELAYS: IceServer[] = [];

const isTurnServer = (server: IceServer) => [server.urls].flat().some((url) => /^turns?:/.test(url));

function setEnabled(track: MediaStreamTrack | null, on: boolean) {
  if (track) track.enabled = on;
}

const NO_LINK: LinkState = { peer: null, connection: 'none', everConnected: false, remoteStream: null };

/**
 * The call, as a call: it fills the window (nothing of the site over or under it, the page never scrolls),
 * the other person large and this person's own view small in a corner, the state of the call and the
 * remaining time over the video, one row of round controls (crisis help among them) always on screen at
 * the bottom, and the chat beside the video on a wide screen or a sheet over it on a narrow one.
 */
export function CallRoom({
  channel,
  sessionId,
  endsAt,
  otherName,
  media,
  startMedia,
  onMediaChange,
  choose,
  onLeft,
  notice,
  relays = NO_RELAYS,
  endAction,
  certifyChatKey,
}: CallRoomProps) {
  const [mic, setMic] = useState(media.audio !== null && startMedia.mic);
  const [camera, setCamera] = useState(media.video !== null && startMedia.camera);
  const [link, setLink] = useState<LinkState>(NO_LINK);
  const linkRef = useRef<PeerLink | null>(null);
  const tracks = useRef({ audio: media.audio, video: media.video });
  useEffect(() => {
    tracks.current = { audio: media.audio, video: media.video };
  }, [media.audio, media.video]);
  const initial = useRef({ audio: mic, video: camera });
  const remoteVideo = useRef<HTMLVideoElement>(null);
  const selfVideo = useRef<HTMLVideoElement>(null);
  const now = useNow();
  // Narrow screens: the chat (and the devices) open over the video; wide screens always show them.
  const [sideOpen, setSideOpen] = useState(false);
  const [theirCount, setTheirCount] = useState(0);
  const [seenCount, setSeenCount] = useState(0);
  // What arrives while the chat is open is read (counted as seen when it is opened or closed); the Chat
  // button counts the rest.
  const unread = sideOpen ? 0 : theirCount - seenCount;
  const toggleSide = () => {
    setSeenCount(theirCount);
    setSideOpen((o) => !o);
  };
  const heading = useRef<HTMLHeadingElement>(null);
  const side = useRef<HTMLDivElement>(null);
  const chatButton = useRef<HTMLElement | null>(null);
  // Joined (or back after a reload): focus starts on the call's heading, not the page's body.
  useEffect(() => heading.current?.focus(), []);
  // The sheet opened: focus to its heading; closed: back to the Chat button that opened it.
  const sideWasOpen = useRef(false);
  useEffect(() => {
    if (sideOpen) side.current?.querySelector<HTMLElement>('h2')?.focus();
    else if (sideWasOpen.current) chatButton.current?.focus();
    sideWasOpen.current = sideOpen;
  }, [sideOpen]);
  const closeSide = () => {
    setSeenCount(theirCount);
    setSideOpen(false);
  };
  // Escape closes the chat sheet, as it closes other sheets (a wide screen's column has nothing to close).
  useEffect(() => {
    if (!sideOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !side.current?.contains(document.activeElement)) return;
      setSeenCount(theirCount);
      setSideOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [sideOpen, theirCount]);

  // The relays' credentials last minutes: new ones (the room asks again) go to the running link.
  const relaysNow = useRef(relays);
  useEffect(() => {
    if (relaysNow.current === relays) return;
    relaysNow.current = relays;
    linkRef.current?.updateIceServers([...(getRuntimeConfig().iceServers ?? []), ...relays]);
  }, [relays]);

  useEffect(() => {
    // The configured STUN/TURN addresses, and the relays the api minted credentials for at join.
    const config = getRuntimeConfig();
    const iceServers = [...(config.iceServers ?? []), ...relaysNow.current];
    const iceTransportPolicy = config.iceTransportPolicy ?? 'all';
    if (iceTransportPolicy === 'relay' && !iceServers.some(isTurnServer)) {
      // Relay-only without a relay can never connect: say why instead of a call that waits forever.
      reportError(new Error('Relay-only ICE (iceTransportPolicy "relay") but no TURN server: the call cannot connect'), {
        where: 'session room call: ice servers',
      });
    }
    const peerLink = new PeerLink(channel, () => tracks.current, { iceServers, iceTransportPolicy }, setLink);
    linkRef.current = peerLink;
    void peerLink.start(initial.current);
    // A lost sign-in (product rules, Sign-in and identity) ends this person's part of the call: the other side is told at once.
    const offLost = eventBus.on('session:lost', () => void peerLink.leave());
    return () => {
      offLost();
      peerLink.stop();
      linkRef.current = null;
    };
  }, [channel]);

  // A disabled track sends silence / black frames: the connection stays, nothing is heard or seen.
  useEffect(() => {
    setEnabled(media.audio, mic);
    setEnabled(media.video, camera);
  }, [media.audio, media.video, mic, camera]);

  useEffect(() => {
    if (remoteVideo.current && remoteVideo.current.srcObject !== link.remoteStream) remoteVideo.current.srcObject = link.remoteStream;
  }, [link.remoteStream]);
  useEffect(() => {
    if (selfVideo.current) selfVideo.current.srcObject = media.video && camera ? new MediaStream([media.video]) : null;
  }, [media.video, camera]);

  const status = callStatus({
    peer: link.peer ? (link.peer.state === 'left' ? 'left' : 'joined') : 'absent',
    connection: link.connection,
    everConnected: link.everConnected,
    now,
    endsAt,
  });
  useEffect(() => {
    if (status === 'ended') linkRef.current?.stop();
  }, [status]);

  const toggle = (kind: MediaKind) => {
    const next = { audio: kind === 'audio' ? !mic : mic, video: kind === 'video' ? !camera : camera };
    setMic(next.audio);
    setCamera(next.video);
    onMediaChange({ mic: next.audio, camera: next.video });
    void linkRef.current?.setMedia(next);
  };
  const switchDevice = async (kind: MediaKind, deviceId: string) => {
    const track = await choose(kind, deviceId);
    if (track) await linkRef.current?.replaceTrack(kind, track);
  };
  const leave = async () => {
    await linkRef.current?.leave();
    onLeft();
  };

  const peerOn = link.peer?.state === 'joined';
  const remaining = remainingTimeText(now, endsAt);
  const sideId = `hv-call-side-${sessionId}`;
  return (
    <div className="hv-call" data-side={sideOpen ? 'open' : 'closed'}>
      <div className="hv-call__stage">
        <div className="hv-call__remote">
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a live call has no caption file; the chat is its text channel */}
          <video ref={remoteVideo} autoPlay playsInline aria-label={`${otherName}'s video`} />
          <ul className="hv-call__peer-state" aria-live="polite">
            {peerOn && !link.peer?.audio ? <li>{otherName}&apos;s microphone is off</li> : null}
            {peerOn && !link.peer?.video ? <li>{otherName}&apos;s camera is off</li> : null}
          </ul>
        </div>
        <div className="hv-call__bar">
          <div className="hv-call__title">
            <h2 className="hv-call__heading" tabIndex={-1} ref={heading}>
              Session with {otherName}
            </h2>
            <p className="hv-call__status" role="status" aria-live="polite" data-status={status}>
              {callStatusText(status, otherName)}
            </p>
          </div>
          {remaining ? <p className="hv-call__time">{remaining}</p> : null}
          {endAction?.(now)}
        </div>
        <div className="hv-call__self">
          {media.video && camera ? <video ref={selfVideo} autoPlay playsInline muted aria-label="Your video" /> : <p>Your camera is off</p>}
          {mic ? null : (
            <p className="hv-call__self-muted">
              <IconMicOff size={14} aria-hidden="true" /> You are muted
            </p>
          )}
        </div>
      </div>
      <div className="hv-call__side" id={sideId} ref={side}>
        <button type="button" className="hv-call__side-close" aria-label="Close chat" onClick={closeSide}>
          <IconClose size={20} aria-hidden="true" />
        </button>
        {notice}
        <ChatPanel channel={channel} sessionId={sessionId} otherName={otherName} onTheirCount={setTheirCount} certifyKey={certifyChatKey} />
        <details className="hv-call__devices">
          <summary>Camera and microphone</summary>
          <DeviceSelect kind="video" devices={media.devices.video} track={media.video} onChoose={(k, id) => void switchDevice(k, id)} />
          <DeviceSelect kind="audio" devices={media.devices.audio} track={media.audio} onChoose={(k, id) => void switchDevice(k, id)} />
        </details>
      </div>
      <CallControls
        mic={mic}
        camera={camera}
        hasMic={media.audio !== null}
        hasCamera={media.video !== null}
        onToggle={toggle}
        chatId={sideId}
        chatOpen={sideOpen}
        unread={unread}
        onChat={(event) => {
          chatButton.current = event.currentTarget;
          toggleSide();
        }}
        onLeave={() => void leave()}
      />
    </div>
  );
}
