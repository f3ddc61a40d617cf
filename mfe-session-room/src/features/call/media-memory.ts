// What this tab chose for its microphone and camera in a call: a reload rejoins as the person left it
// (muted stays muted, a camera turned off stays off). sessionStorage: this tab only, gone with it.

export interface MediaChoice {
  mic: boolean;
  camera: boolean;
}

const key = (sessionId: string) => `haven.session-room.joined.${sessionId}`;

/** The choice this tab made in the call of `sessionId`, or null when it has not joined it. */
export function rememberedMedia(sessionId: string): MediaChoice | null {
  const raw = window.sessionStorage.getItem(key(sessionId));
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<MediaChoice>;
    return { mic: value.mic !== false, camera: value.camera !== false };
  } catch {
    // A value written by an older build ('camera-on' / 'camera-off'): the camera is all it said.
    return { mic: true, camera: raw !== 'camera-off' };
  }
}

export function rememberMedia(sessionId: string, choice: MediaChoice): void {
  window.sessionStorage.setItem(key(sessionId), JSON.stringify(choice));
}

export function forgetMedia(sessionId: string): void {
  window.sessionStorage.removeItem(key(sessionId));
}
