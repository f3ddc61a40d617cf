import { useMemo, useState } from 'react';
import { DEFAULT_TIMEZONE, isIndianTimezone } from '@haven/shared/booking-rules';
import { Select } from '@haven/shared/design';
import { zoneName, zonePlace } from '@haven/shared/session-times';

/** Every zone the browser knows (under its current name: Chromium lists Asia/Calcutta), plus the patient's own. */
function zoneList(current: string): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: 'timeZone') => string[] };
  const known = intl.supportedValuesOf?.('timeZone') ?? ['America/New_York', 'Europe/London', 'Asia/Dubai', 'Asia/Singapore', 'UTC'];
  const all = [...new Set([DEFAULT_TIMEZONE, ...known.map((z) => (isIndianTimezone(z) ? DEFAULT_TIMEZONE : z))])].sort();
  return all.includes(current) ? all : [current, ...all];
}

/** The zone times are shown in: named, and changeable (changing it re-computes the slot list). */
export function ZonePicker({ zone, onChange }: { zone: string; onChange(zone: string): void }) {
  const zones = useMemo(() => zoneList(zone), [zone]);
  const [now] = useState(() => Date.now()); // the zone's name today (Eastern Standard or Daylight Time)
  const name = zoneName(zone, now) ?? zonePlace(zone);
  return (
    <Select
      id="hv-zone"
      className="hv-zone-picker"
      label="Time zone"
      value={zone}
      onChange={(e) => onChange(e.target.value)}
      hint={`Times below are in ${name}.`}
      options={zones.map((z) => ({ value: z, label: zonePlace(z) }))}
    />
  );
}
