// The header's person switch and its list of the account's people: choosing one switches whose account every
// page acts in (the pages key their data on the acting profile and start over), without a reload. Its own
// chunk, loaded when an account has two or more people; the switch itself comes with the sign-in entry.
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { requireSignInEntry } from '../../auth/load-auth-flows';
import { reportError } from '../../reporting/report-error';
import { useHavenStore } from '../../state/store';
import type { AuthUser, Profile } from '../../state/types';
import { Avatar } from '../Avatar/Avatar';
import { Spinner } from '../Spinner/Spinner';
import { toast } from '../ToastHost/ToastHost';
import { personName } from './person-name';
import './PeopleMenu.css';

export const SWITCH_FAILED = 'We could not switch the person. Please try again.';

export interface PeopleMenuProps {
  id: string;
  /** Closes the list; `refocus` puts focus back on the button that opened it (Escape, a choice). */
  onClose: (refocus: boolean) => void;
  onAccount: () => void;
  /** Asks for the account's people now (the header's idle load may not have come, or failed). */
  loadPeople: () => void;
}

export function PeopleMenu({ id, onClose, onAccount, loadPeople }: PeopleMenuProps) {
  const profiles = useHavenStore((s) => s.auth.profiles);
  const primaryUuid = useHavenStore((s) => s.auth.user?.uuid ?? null);
  const actingUuid = useHavenStore((s) => s.auth.acting?.uuid ?? primaryUuid);
  const [busy, setBusy] = useState(false);
  const list = useRef<HTMLDivElement>(null);

  const loading = useHavenStore((s) => s.auth.profiles.length === 0 && s.auth.profilesLoading);
  const missing = useHavenStore((s) => s.auth.profiles.length === 0 && !s.auth.profilesLoading);
  // Opened before the idle load came (or after it failed): the list is asked for now, before paint.
  useLayoutEffect(() => loadPeople(), [loadPeople]);
  // The list takes focus on open so a keyboard user is in it at once (the people, once they are there).
  useEffect(() => list.current?.querySelector<HTMLElement>('button, a')?.focus(), [loading]);

  const choose = async (p: Profile) => {
    const uuid = String(p.uuid);
    if (uuid === actingUuid) return onClose(true);
    setBusy(true);
    try {
      const entry = await requireSignInEntry();
      const ok = uuid === primaryUuid ? (await entry.endProfileSession(), true) : await entry.switchProfile(uuid);
      if (ok) toast.success(`Now acting for ${personName(p)}.`);
      else toast.error(SWITCH_FAILED);
    } catch (error) {
      reportError(error, { where: 'header profile switch' });
      toast.error(SWITCH_FAILED);
    }
    setBusy(false);
    onClose(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [...(list.current?.querySelectorAll<HTMLElement>('button, a') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? (at + 1) % items.length : (at - 1 + items.length) % items.length;
    items[next]?.focus();
  };

  return (
    // The group only hears the keys its buttons pass up (arrows between them, Escape to close); the buttons are the controls.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      id={id}
      ref={list}
      className="hv-people-menu"
      role="group"
      aria-label="People of this account"
      aria-busy={busy}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        // Leaving the list by Tab or a click elsewhere closes it.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onClose(false);
      }}
    >
      <p className="hv-people-menu__heading">Acting for</p>
      {loading ? <Spinner size="sm" label="Loading the people of this account" /> : null}
      {missing ? <p role="alert">The people of this account could not be loaded. Please try again.</p> : null}
      <ul>
        {profiles.map((p) => {
          const uuid = String(p.uuid);
          const current = uuid === actingUuid;
          return (
            <li key={uuid}>
              <button type="button" aria-current={current ? 'true' : undefined} disabled={busy} onClick={() => void choose(p)}>
                <Avatar person={p} size="sm" decorative />
                <span>
                  {personName(p)}
                  {uuid === primaryUuid ? ' (you)' : ''}
                </span>
                {current ? <span className="hv-people-menu__check">Current</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
      <a href="/account" onClick={(e) => (e.preventDefault(), onAccount())}>
        Account settings
      </a>
    </div>
  );
}

/**
 * The header's account place as a button that lists the account's people (the acting person's avatar; their
 * name while acting for them).
 */
export function PeopleSwitch({
  user,
  acting,
  onAccount,
  loadPeople,
}: {
  user: AuthUser;
  acting: Profile | null;
  onAccount: () => void;
  loadPeople: () => void;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  return (
    <div className="hv-account-nav__people" data-hv-personal="">
      <button
        ref={button}
        type="button"
        className="hv-account-nav__account"
        aria-label={acting ? `Acting for ${personName(acting)}: switch person` : 'Your account: switch person'}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        <Avatar person={acting ?? user} size="sm" decorative />
        {acting ? <span className="hv-account-nav__who">{personName(acting)}</span> : null}
      </button>
      {open ? (
        <PeopleMenu
          id={id}
          loadPeople={loadPeople}
          onClose={close}
          onAccount={() => {
            setOpen(false);
            onAccount();
          }}
        />
      ) : null}
    </div>
  );
}
