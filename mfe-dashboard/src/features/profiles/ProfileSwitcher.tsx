// Which profile the page acts for, and switching (product rules, Profiles and members: the secondary profile's token is kept and
// sent on every request; the primary profile ends that session). Shown when the account has more
// than one profile. The switch_profile event goes on the bus from the shared switch.
import { useEffect, useId, useState } from 'react';
import { Avatar, eventBus, reportError, useHavenStore } from '@haven/shared';
import {
  endProfileSession,
  fetchActingProfile,
  isActingAsSecondaryProfile,
  loadProfiles,
  switchProfile,
} from '@haven/shared/auth-flows';
import './ProfileSwitcher.css';

const nameOf = (p: Record<string, unknown>) => `${String(p.first_name ?? '')} ${String(p.last_name ?? '')}`.trim() || 'Unnamed profile';

export function ProfileSwitcher() {
  const profiles = useHavenStore((s) => s.auth.profiles);
  const primaryUuid = useHavenStore((s) => s.auth.user?.uuid ?? null);
  const [acting, setActing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    void loadProfiles();
    const refresh = () => {
      if (!isActingAsSecondaryProfile()) {
        setActing(primaryUuid);
        return;
      }
      fetchActingProfile().then((p) => setActing(p.uuid)).catch((e: unknown) => reportError(e, { where: 'acting profile' }));
    };
    refresh();
    return eventBus.on('profile:switch', refresh);
  }, [primaryUuid]);

  if (profiles.length < 2) return null;
  const change = async (uuid: string) => {
    setBusy(true);
    setError(null);
    const ok = uuid === primaryUuid ? (await endProfileSession(), true) : await switchProfile(uuid);
    if (!ok) setError('We could not switch the profile. Please try again.');
    setBusy(false);
  };
  return (
    <div className="hv-profile-switcher">
      <Avatar person={profiles.find((p) => p.uuid === acting) ?? {}} size="sm" decorative />
      <label htmlFor={id}>Acting as</label>
      <select id={id} className="hv-input" value={acting ?? ''} disabled={busy} onChange={(e) => void change(e.target.value)}>
        {acting === null ? <option value="">Loading…</option> : null}
        {profiles.map((p) => <option key={String(p.uuid)} value={String(p.uuid)}>{nameOf(p)}{p.uuid === primaryUuid ? ' (you)' : ''}</option>)}
      </select>
      {error ? <p role="alert" className="hv-form-error">{error}</p> : null}
    </div>
  );
}
