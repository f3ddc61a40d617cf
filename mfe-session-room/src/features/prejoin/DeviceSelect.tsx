import { useId } from 'react';
import { Select } from '@haven/shared/design';
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
  const name = kind === 'audio' ? 'Microphone' : 'Camera';
  return (
    <Select
      id={id}
      label={name}
      value={current}
      onChange={(e) => onChoose(kind, e.target.value)}
      options={devices.map((d, i) => ({ value: d.deviceId, label: d.label || `${name} ${i + 1}` }))}
    />
  );
}
