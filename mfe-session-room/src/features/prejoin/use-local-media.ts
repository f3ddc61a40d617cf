// Camera and microphone for the room: asked once together, each kind again on its own when the pair is
// refused (so a person who blocks only the camera can still talk), with the devices to choose from.
import { useCallback, useEffect, useRef, useState } from 'react';
import { reportError } from '@haven/shared';

export type MediaProblem = 'denied' | 'missing' | 'busy' | 'failed';
export type MediaKind = 'audio' | 'video';

export interface LocalMedia {
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
  /** Why a kind is missing (null when it works). */
  problems: Record<MediaKind, MediaProblem | null>;
  devices: { audio: MediaDeviceInfo[]; video: MediaDeviceInfo[] };
  loading: boolean;
}

export function problemOf(error: unknown): MediaProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}

const constraint = (deviceId?: string): MediaTrackConstraints | boolean => (deviceId ? { deviceId: { exact: deviceId } } : true);

async function getTrack(kind: MediaKind, deviceId?: string): Promise<MediaStreamTrack> {
  const stream = await navigator.mediaDevices.getUserMedia(
    kind === 'audio' ? { audio: constraint(deviceId) } : { video: constraint(deviceId) },
  );
  return stream.getTracks()[0]!;
}

const NONE: LocalMedia = {
  audio: null,
  video: null,
  problems: { audio: null, video: null },
  devices: { audio: [], video: [] },
  loading: true,
};

export function useLocalMedia() {
  const [media, setMedia] = useState<LocalMedia>(NONE);
  const live = useRef<{ audio: MediaStreamTrack | null; video: MediaStreamTrack | null }>({ audio: null, video: null });

  const listDevices = useCallback(async () => {
    const all = await navigator.mediaDevices.enumerateDevices();
    return { audio: all.filter((d) => d.kind === 'audioinput'), video: all.filter((d) => d.kind === 'videoinput') };
  }, []);

  const acquire = useCallback(async () => {
    setMedia((m) => ({ ...m, loading: true }));
    const problems: LocalMedia['problems'] = { audio: null, video: null };
    let audio: MediaStreamTrack | null = null;
    let video: MediaStreamTrack | null = null;
    if (!navigator.mediaDevices?.getUserMedia) {
      problems.audio = problems.video = 'failed';
    } else {
      try {
        const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
        audio = stream.getAudioTracks()[0] ?? null;
        video = stream.getVideoTracks()[0] ?? null;
      } catch {
        // One of the two may be allowed on its own.
        for (const kind of ['audio', 'video'] as const) {
          try {
            const track = await getTrack(kind);
            if (kind === 'audio') audio = track;
            else video = track;
          } catch (error) {
            problems[kind] = problemOf(error);
            if (problems[kind] === 'failed') reportError(error, { where: `session room ${kind}` });
          }
        }
      }
    }
    live.current.audio?.stop();
    live.current.video?.stop();
    live.current = { audio, video };
    const devices = await listDevices().catch((error: unknown) => {
      reportError(error, { where: 'session room devices' });
      return { audio: [], video: [] };
    });
    setMedia({ audio, video, problems, devices, loading: false });
  }, [listDevices]);

  /** Another camera or microphone; the old track stops once the new one runs. */
  const choose = useCallback(async (kind: MediaKind, deviceId: string): Promise<MediaStreamTrack | null> => {
    try {
      const track = await getTrack(kind, deviceId);
      if (kind === 'audio') track.enabled = live.current.audio?.enabled ?? true;
      else track.enabled = live.current.video?.enabled ?? true;
      live.current[kind]?.stop();
      live.current = { ...live.current, [kind]: track };
      setMedia((m) => ({ ...m, [kind]: track, problems: { ...m.problems, [kind]: null } }));
      return track;
    } catch (error) {
      reportError(error, { where: `session room choose ${kind}` });
      setMedia((m) => ({ ...m, problems: { ...m.problems, [kind]: problemOf(error) } }));
      return null;
    }
  }, []);

  useEffect(() => {
    void acquire();
    return () => {
      live.current.audio?.stop();
      live.current.video?.stop();
    };
  }, [acquire]);

  return { media, retry: acquire, choose };
}
