import { useEffect, useId, useRef, useState } from 'react';
import { Button, Spinner } from '@haven/shared';
import { DeviceSelect } from './DeviceSelect';
import { MicLevel } from './MicLevel';
import type { LocalMedia, MediaKind, MediaProblem } from './use-local-media';
import './PreJoin.css';

export interface PreJoinProps {
  media: LocalMedia;
  /** Who the person is about to meet, e.g. "Dr. Rao". */
  otherName: string;
  platform: 'android' | 'ios' | 'website';
  onRetry(): void;
  onChoose(kind: MediaKind, deviceId: string): void;
  onJoin(options: { cameraOff: boolean }): void;
}

const WHERE_TO_ALLOW = {
  website: "Allow them in your browser: select the camera icon or the lock beside the address, choose Allow, then select 'Try again'.",
  android: "Allow them for the Haven app in your phone's Settings (Apps, Haven, Permissions), then select 'Try again'.",
  ios: "Allow them for the Haven app in your iPhone's Settings (Haven), then select 'Try again'.",
};

function problemText(kind: MediaKind, problem: MediaProblem, platform: PreJoinProps['platform']): string {
  const what = kind === 'audio' ? 'microphone' : 'camera';
  switch (problem) {
    case 'denied':
      return `Your ${what} is blocked. Your provider needs to ${kind === 'audio' ? 'hear' : 'see'} you for the session. ${WHERE_TO_ALLOW[platform]}`;
    case 'missing':
      return `We could not find a ${what} on this device. Connect one and select 'Try again'.`;
    case 'busy':
      return `Your ${what} is being used by another app. Close it and select 'Try again'.`;
    case 'failed':
      return `Your ${what} could not be started on this device.`;
  }
}

/**
 * Before joining: a compact self-preview, permissions explained, join with camera off, and Join on the first
 * screen at 360 x 780 and 1280 x 800; the mic level and device choice below it.
 */
export function PreJoin({ media, otherName, platform, onRetry, onChoose, onJoin }: PreJoinProps) {
  const preview = useRef<HTMLVideoElement>(null);
  const [cameraOff, setCameraOff] = useState(false);
  const cameraOffId = useId();
  useEffect(() => {
    if (preview.current) preview.current.srcObject = media.video && !cameraOff ? new MediaStream([media.video]) : null;
  }, [media.video, cameraOff]);

  if (media.loading) return <Spinner label="Starting your camera and microphone" />;
  const problems = (['audio', 'video'] as const).filter((kind) => media.problems[kind] !== null);
  return (
    <section className="hv-prejoin" aria-labelledby="hv-prejoin-heading">
      <h2 id="hv-prejoin-heading">Get ready to meet {otherName}</h2>
      <div className="hv-prejoin__preview">
        {media.video && !cameraOff ? (
          <video ref={preview} autoPlay playsInline muted aria-label="Your camera preview" />
        ) : (
          <p className="hv-prejoin__no-video">{cameraOff ? 'Your camera will be off when you join.' : 'No camera'}</p>
        )}
      </div>
      {problems.length > 0 ? (
        <div role="alert" className="hv-prejoin__problems">
          {problems.map((kind) => (
            <p key={kind}>{problemText(kind, media.problems[kind]!, platform)}</p>
          ))}
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : null}
      <div className="hv-prejoin__check">
        <input
          id={cameraOffId}
          type="checkbox"
          checked={cameraOff}
          disabled={!media.video}
          onChange={(e) => setCameraOff(e.target.checked)}
        />
        <label htmlFor={cameraOffId}>Join with camera off</label>
      </div>
      <Button block onClick={() => onJoin({ cameraOff: cameraOff || !media.video })}>
        Join session
      </Button>
      {/* Checking the devices comes after Join: Join stays on the first screen, these are a scroll away. */}
      <div className="hv-prejoin__devices">
        <MicLevel track={media.audio} />
        <DeviceSelect kind="video" devices={media.devices.video} track={media.video} onChoose={onChoose} />
        <DeviceSelect kind="audio" devices={media.devices.audio} track={media.audio} onChoose={onChoose} />
      </div>
    </section>
  );
}
