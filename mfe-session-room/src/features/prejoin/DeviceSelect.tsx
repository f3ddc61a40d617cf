import { useId } from 'react';
import type { MediaKind } from './use-local-media';

export interface DeviceSelectProps {
  kind: MediaKind;
  devices: MediaDeviceInfo[];
  track: MediaStreamTrack | null;
  onChoose(kind: MediaKind, deviceId: string): void;
}

/** Choose the camera or microphone; shown only when there is something to choose. */
export function DeviceSelect({ kind, devices, track, onChoose }: DeviceSelectProps) {
  const id = useId();
  if (devices.length === 0) return null;
  const current = track?.getSettings().deviceId ?? '';
  return (
    <div className="hv-prejoin__device">
      <label htmlFor={id}>{kind === 'audio' ? 'Microphone' : 'Camera'}</label>
      <select id={id} value={current} onChange={(e) => onChoose(kind, e.target.value)}>
        {devices.map((d, i) => (
          <option key={d.deviceId || i} value={d.deviceId}>
            {d.label || `${kind === 'audio' ? 'Microphone' : 'Camera'} ${i + 1}`}
          </option>
        ))}
      </select>
    </div>
  );
}
