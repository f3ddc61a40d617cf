// In the room, once the api let this person in: the realtime channel, pre-join, the call, leaving, and
// what ends it from outside (the session cancelled, the sign-in lost: product rules, Sign-in and identity).
import { useEffect, useState, type ReactNode } from 'react';
import { Button, eventBus, reportError, Spinner } from '@haven/shared';
import { usePatientZone, slotLabel } from '@haven/shared/session-times';
import { CallRoom } from '../call/CallRoom';
import type { CertifyChatKey } from '../chat/use-room-chat';
import { forgetMedia, rememberedMedia, rememberMedia, type MediaChoice } from '../call/media-memory';
import { openRoomChannel, type RoomChannel } from '../call/room-channel';
import { PreJoin } from '../prejoin/PreJoin';
import { useLocalMedia } from '../prejoin/use-local-media';
import { fetchRoomSession, type EnterResult, type RoomJoin } from './enter-room';
import { PatientRiskNotice } from './PatientRiskNotice';
import { ReturnLink } from './ReturnLink';
import { ExtendSession } from './ExtendSession';
import './RoomPages.css';

export interface RoomStageProps {
  join: RoomJoin;
  platform: 'android' | 'ios' | 'website';
  returnPath: string;
  /** The provider's way to read the session again (entering with the room link): its end may have moved. */
  reenter?: () => Promise<EnterResult>;
  /** The api vouches for this person's chat key, entered as on joining. */
  certifyChatKey: CertifyChatKey;
  /** Entering again (either side) for fresh relay credentials before the current ones expire. */
  rejoin?: () => Promise<EnterResult>;
}

/** A relay credential is renewed this long before its expiry (the username's "<expiry>:" in seconds). */
export const RELAY_RENEW_BEFORE_MS = 3 * 60_000;
/** When the relay credentials of a join should be renewed (ms), or null: no relay, or none that expires. */
export function relayRenewalAt(relays: ReadonlyArray<{ username: string }>): number | null {
  const expiries = relays.map((r) => Number(r.username.split(':')[0]) * 1000).filter((ms) => Number.isFinite(ms) && ms > 0);
  return expiries.length ? Math.min(...expiries) - RELAY_RENEW_BEFORE_MS : null;
}

type Phase = 'prejoin' | 'call' | 'left' | 'cancelled' | 'lost';
/** The patient's session is checked this often while in the room (cancelled, sign-in lost). */
const SESSION_CHECK_MS = 30_000;

/** The provider's room reads the end again from this long before it (the patient may extend then). */
const PROVIDER_END_CHECK_MS = 11 * 60_000;

export default function RoomStage({ join, platform, returnPath, reenter, rejoin, certifyChatKey }: RoomStageProps) {
  const { session, role } = join;
  const otherName =
    role === 'patient' ? `${session.provider.firstname} ${session.provider.lastname}` : session.patient_first_name || 'your client';
  const { media, retry, choose } = useLocalMedia();
  const riskNotice =
    role === 'provider' && join.patient_risk ? <PatientRiskNotice risk={join.patient_risk} patientName={otherName} /> : null;
  // The patient sees when the session starts in the same zone as on the dashboard and the booking pages.
  const { zone } = usePatientZone();
  const when = role === 'patient' ? slotLabel(session.start_time, zone) : null;
  const whenLine = when ? (
    <p className="hv-room-when" data-testid="room-session-when">
      Your session: <time dateTime={session.start_time}>{when.text}</time> {when.zone}
    </p>
  ) : null;
  const [channel, setChannel] = useState<RoomChannel | null>(null);
  const [channelFailed, setChannelFailed] = useState(false);
  // This tab joined before: a reload goes straight back into the call, microphone and camera as they were.
  const remembered = rememberedMedia(session.uuid);
  const [phase, setPhase] = useState<Phase>(remembered ? 'call' : 'prejoin');
  const [startMedia, setStartMedia] = useState<MediaChoice>(remembered ?? { mic: true, camera: true });
  // The session's end: an extension (here, or from another tab) moves it; the periodic check brings it.
  const [endTime, setEndTime] = useState(session.end_time);

  useEffect(() => {
    let opened: RoomChannel | null = null;
    let cancelled = false;
    openRoomChannel(session.uuid, role, join.fb_token).then(
      (c) => {
        opened = c;
        if (cancelled) void c.close();
        else setChannel(c);
      },
      (error: unknown) => {
        reportError(error, { where: 'session room realtime sign-in', sessionId: session.uuid });
        if (!cancelled) setChannelFailed(true);
      },
    );
    return () => {
      cancelled = true;
      setChannel(null);
      void opened?.close();
    };
  }, [session.uuid, role, join.fb_token]);

  // Product rules, Sign-in and identity: a lost sign-in ends the room (the api client then closes the webview or leaves the page).
  useEffect(() => eventBus.on('session:lost', () => setPhase('lost')), []);

  // The patient's session: checked every 30 s and whenever the page is shown again (an app brought back).
  useEffect(() => {
    if (role !== 'patient') return undefined;
    const check = () => {
      fetchRoomSession(session.uuid).then(
        (s) => {
          if (s.status === 'cancelled') setPhase('cancelled');
          setEndTime(s.end_time);
        },
        (error: unknown) => reportError(error, { where: 'session room check', sessionId: session.uuid }),
      );
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    const timer = setInterval(check, SESSION_CHECK_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [role, session.uuid]);

  const endsAt = Date.parse(endTime);
  // The relays' credentials last minutes: the room enters again shortly before they expire (a cancelled
  // session is refused then, and its relay closes with the old credential).
  const [relays, setRelays] = useState(join.ice_servers);
  const renewAt = relayRenewalAt(relays);
  useEffect(() => {
    if (!rejoin || renewAt === null) return undefined;
    const timer = setTimeout(
      () => {
        rejoin().then(
          (r) => {
            if (r.ok) setRelays(r.join.ice_servers);
          },
          (error: unknown) => reportError(error, { where: 'session room relay renewal', sessionId: session.uuid }),
        );
      },
      Math.max(0, renewAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [rejoin, renewAt, session.uuid]);
  // The provider, in the session's last minutes: every 30 s until a little after the end it read.
  useEffect(() => {
    if (!reenter) return undefined;
    const timer = setInterval(() => {
      const now = Date.now();
      if (now < endsAt - PROVIDER_END_CHECK_MS || now > endsAt + SESSION_CHECK_MS) return;
      reenter().then(
        (r) => {
          if (r.ok) setEndTime(r.join.session.end_time);
        },
        (error: unknown) => reportError(error, { where: 'session room end check', sessionId: session.uuid }),
      );
    }, SESSION_CHECK_MS);
    return () => clearInterval(timer);
  }, [reenter, endsAt, session.uuid]);
  if (phase === 'lost')
    return <Ended heading="You have been signed out" text="Sign in again to rejoin your session." {...{ role, platform, returnPath }} />;
  if (phase === 'cancelled')
    return <Ended heading="This session was cancelled" text="The call has ended." {...{ role, platform, returnPath }} />;
  if (phase === 'left') {
    return (
      <Ended heading="You left the session" text={`${otherName} has been told that you left.`} {...{ role, platform, returnPath }}>
        <Button onClick={() => setPhase('prejoin')}>Rejoin</Button>
      </Ended>
    );
  }
  if (channelFailed) {
    return (
      <Ended
        heading="We could not connect you to the room"
        text="Check your connection, then reload this page."
        {...{ role, platform, returnPath }}
      />
    );
  }
  if (phase === 'prejoin' || !channel || media.loading) {
    if (phase === 'call') return <Spinner label="Rejoining your session" />;
    return (
      <>
        {riskNotice}
        {whenLine}
        <PreJoin
          media={media}
          otherName={otherName}
          platform={platform}
          onRetry={() => void retry()}
          onChoose={(kind, id) => void choose(kind, id)}
          onJoin={({ cameraOff: off }) => {
            const choice = { mic: true, camera: !off };
            rememberMedia(session.uuid, choice);
            setStartMedia(choice);
            setPhase('call');
          }}
        />
      </>
    );
  }
  return (
    <CallRoom
      channel={channel}
      sessionId={session.uuid}
      endsAt={endsAt}
      otherName={otherName}
      media={media}
      startMedia={startMedia}
      onMediaChange={(choice) => rememberMedia(session.uuid, choice)}
      choose={choose}
      onLeft={() => {
        forgetMedia(session.uuid);
        setPhase('left');
      }}
      notice={riskNotice}
      relays={relays}
      certifyChatKey={certifyChatKey}
      endAction={
        role === 'patient'
          ? (now) => <ExtendSession sessionId={session.uuid} endsAt={endsAt} now={now} onExtended={setEndTime} />
          : undefined
      }
    />
  );
}

interface EndedProps {
  heading: string;
  text: string;
  role: 'patient' | 'provider';
  platform: RoomStageProps['platform'];
  returnPath: string;
  children?: ReactNode;
}

function Ended({ heading, text, role, platform, returnPath, children }: EndedProps) {
  return (
    <section className="hv-room-ended" aria-labelledby="hv-room-ended-heading">
      <h2 id="hv-room-ended-heading" tabIndex={-1} ref={(h) => h?.focus()}>
        {heading}
      </h2>
      <p>{text}</p>
      <div className="hv-room-ended__actions">
        {children}
        <ReturnLink who={role} platform={platform} returnPath={returnPath} />
      </div>
    </section>
  );
}
