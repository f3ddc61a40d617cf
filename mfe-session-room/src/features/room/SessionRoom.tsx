import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import {
  Button,
  captureRoomEntry,
  getCredentials,
  logout,
  PageFrame,
  roomEntryFor,
  ROOM_PAYLOAD_PLACEHOLDER,
  Spinner,
} from '@haven/shared';
import {
  readSessionRoomPayload,
  sessionRoomReturnPath,
  SECONDARY_TOKEN_QUERY,
  SESSION_ROOM_PLATFORMS,
  type ChatPublicKey,
  type SessionRoomPlatform,
} from '@haven/shared/dashboard-rules';
import { certifyChatKey, enterRoom, isAnotherPersonsLink, type EnterResult } from './enter-room';
import { refusalFor } from './refusals';
import { ReturnLink } from './ReturnLink';
import './RoomPages.css';

// The call, its media and the chat load only once the api let this person in.
const RoomStage = lazy(() => import('./RoomStage'));

/** /session-room/:sessionId/:payload/:platform — also the page app webviews load directly (product rules, Sessions and the room). */
export function SessionRoom() {
  const { sessionId = '', payload = '', platform: platformParam } = useParams();
  const [query] = useSearchParams();
  const platform = SESSION_ROOM_PLATFORMS.find((p) => p === platformParam);
  // The page's first step took the payload out of the address (captureRoomEntry); mounted some other
  // way, it is taken out now.
  const captured = useMemo(() => {
    captureRoomEntry();
    return roomEntryFor(sessionId);
  }, [sessionId]);
  const segment = captured?.payload ?? (payload === ROOM_PAYLOAD_PLACEHOLDER ? '' : payload);
  const secondaryToken = captured ? captured.secondaryToken : query.get(SECONDARY_TOKEN_QUERY);
  const entry = useMemo(() => readSessionRoomPayload(segment), [segment]);
  const who = entry?.kind ?? 'patient';
  const returnPath = sessionRoomReturnPath(entry?.redirectUrl ?? null, window.location.origin);
  const [attempt, setAttempt] = useState(0);
  // Another person signed in on this browser: nothing is sent or stored, and their session is never
  // replaced by the link's (a crafted link must not sign this browser in to someone else's account, and a
  // shared device must not carry on as the wrong person). They may sign out first; then the link opens.
  const [signingOut, setSigningOut] = useState(false);
  const mustAsk = entry?.kind === 'patient' && isAnotherPersonsLink(entry.credentials, getCredentials());
  const signOutThenJoin = () => {
    setSigningOut(true);
    void logout({ reason: 'room link for another account', redirectTo: false }).finally(() => {
      setSigningOut(false);
      setAttempt((a) => a + 1);
    });
  };
  const key = `${sessionId}/${segment}/${attempt}`;
  const [answer, setAnswer] = useState<{ key: string; result: EnterResult } | null>(null);
  const result = answer?.key === key ? answer.result : null;
  // The chat's key is vouched for by the api as this person, entered as on joining.
  const certify = useCallback(
    async (publicKey: ChatPublicKey) => {
      if (!entry) throw new Error('The room has no entry to vouch for the chat key with');
      return certifyChatKey(sessionId, entry, publicKey);
    },
    [sessionId, entry],
  );

  useEffect(() => {
    if (!entry || !platform || !sessionId || mustAsk) return undefined;
    let cancelled = false;
    void enterRoom(sessionId, entry, secondaryToken).then((r) => {
      if (!cancelled) setAnswer({ key, result: r });
    });
    return () => {
      cancelled = true;
    };
  }, [entry, platform, sessionId, secondaryToken, key, mustAsk]);

  const shownPlatform: SessionRoomPlatform = platform ?? 'website';
  let body;
  if (!entry || !platform) body = <Refused code="link_damaged" who={who} platform={shownPlatform} returnPath={returnPath} />;
  else if (signingOut) body = <Spinner label="Signing out" />;
  else if (mustAsk || (result && !result.ok && result.code === 'another_person'))
    body = <AnotherPerson platform={shownPlatform} returnPath={returnPath} onSignOut={signOutThenJoin} />;
  else if (!result) body = <Spinner label="Checking your session" />;
  else if (!result.ok && result.code !== 'another_person') {
    body = (
      <Refused
        code={result.code}
        who={who}
        platform={shownPlatform}
        returnPath={returnPath}
        onRetry={result.code === 'unavailable' ? () => setAttempt((a) => a + 1) : undefined}
      />
    );
  } else if (result.ok) {
    body = (
      <Suspense fallback={<Spinner label="Opening the room" />}>
        <RoomStage
          join={result.join}
          platform={platform}
          returnPath={returnPath}
          // The provider learns a new end (the patient extended) by entering again with the room link.
          reenter={entry.kind === 'provider' ? () => enterRoom(sessionId, entry, null) : undefined}
          certifyChatKey={certify}
          // Either side enters again for fresh relay credentials (they last minutes).
          rejoin={() => enterRoom(sessionId, entry, entry.kind === 'patient' ? secondaryToken : null)}
        />
      </Suspense>
    );
  }
  return (
    <PageFrame title="Session room" app="mfe-session-room" bare>
      {body}
    </PageFrame>
  );
}

interface RefusedProps {
  code: Parameters<typeof refusalFor>[0];
  who: 'patient' | 'provider';
  platform: SessionRoomPlatform;
  returnPath: string;
  onRetry?: () => void;
}

function Refused({ code, who, platform, returnPath, onRetry }: RefusedProps) {
  const { heading, text } = refusalFor(code, who);
  return (
    <section className="hv-room-refused" role="alert" aria-labelledby="hv-room-refused-heading" data-code={code}>
      <h2 id="hv-room-refused-heading">{heading}</h2>
      <p>{text}</p>
      {onRetry ? <Button onClick={onRetry}>Try again</Button> : null}
      <ReturnLink who={who} platform={platform} returnPath={returnPath} />
    </section>
  );
}

function AnotherPerson({ platform, returnPath, onSignOut }: { platform: SessionRoomPlatform; returnPath: string; onSignOut: () => void }) {
  return (
    <section className="hv-room-refused" aria-labelledby="hv-room-switch-heading" data-code="another_person">
      <h2 id="hv-room-switch-heading">This link is for another account</h2>
      <p>
        Someone else is signed in on this device, and this link belongs to a different account. To join with it, the person signed in here
        signs out first. Only do this if the session is yours.
      </p>
      <Button onClick={onSignOut}>Sign out, then join</Button>
      <ReturnLink who="patient" platform={platform} returnPath={returnPath} />
    </section>
  );
}
