// Which profile the page acts for, and switching (product rules, Profiles and members: the secondary profile's token is kept and
// sent on every request; the primary profile ends that session). Shown when the account has more
// than one profile. The switch_profile event goes on the bus from the shared switch.
import { useId } from 'react';
import { Avatar } from '@haven/shared';
import { profileName, useProfileSwitch } from '@haven/shared/auth-flows';
import './ProfileSwitcher.css';

export function ProfileSwitcher() {
  const {
    profiles,
    primaryUuid,
    acting: actingProfile,
    busy,
    error,
    switchTo,
  } = useProfileSwitch('We could not switch the profile. Please try again.');
  const acting = actingProfile?.uuid ?? null;
  const id = useId();
  if (profiles.length < 2) return null;
  return (
    <div className="hv-profile-switcher">
      <Avatar person={profiles.find((p) => p.uuid === acting) ?? {}} size="sm" decorative />
      <label htmlFor={id}>Acting as</label>
      <select id={id} className="hv-input" value={acting ?? ''} disabled={busy} onChange={(e) => void switchTo(e.target.value)}>
        {acting === null ? <option value="">Loading…</option> : null}
        {profiles.map((p) => (
          <option key={String(p.uuid)} value={String(p.uuid)}>
            {profileName(p)}
            {p.uuid === primaryUuid ? ' (you)' : ''}
          </option>
        ))}
      </select>
      {error ? (
        <p role="alert" className="hv-form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
