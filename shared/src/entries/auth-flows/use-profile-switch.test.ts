import { act, renderHook, waitFor } from '@testing-library/react';
import { eventBus, havenStore } from '@haven/shared';
import type { AuthUser } from '../../core/state/types';
import { fetchActingProfile, isActingAsSecondaryProfile } from './profile-actions';
import { endProfileSession, loadProfiles, switchProfile } from './profiles';
import { profileName, useProfileSwitch } from './use-profile-switch';

jest.mock('./profiles', () => ({ loadProfiles: jest.fn(), switchProfile: jest.fn(), endProfileSession: jest.fn() }));
jest.mock('./profile-actions', () => ({ fetchActingProfile: jest.fn(), isActingAsSecondaryProfile: jest.fn() }));

const PARENT = { uuid: 'p-1', first_name: 'Asha', last_name: 'Rao' };
const CHILD = { uuid: 'c-1', first_name: 'Mira', last_name: 'Rao' };
const FAILED = 'We could not switch the profile. Please try again.';

describe('useProfileSwitch: the one profile switch of every app', () => {
  beforeEach(() => {
    jest.mocked(loadProfiles).mockResolvedValue();
    jest.mocked(isActingAsSecondaryProfile).mockReturnValue(false);
    havenStore.getState().auth.update({ user: PARENT as unknown as AuthUser, profiles: [PARENT, CHILD] });
  });

  it.each([
    [{ first_name: 'Mira', last_name: 'Rao' }, 'Mira Rao'],
    [{ first_name: 'Mira' }, 'Mira'],
    [{}, 'Unnamed profile'],
  ])('profileName(%j) → %s', (p, name) => expect(profileName(p)).toBe(name));

  it('loads the profiles and acts as the account’s own profile until a switch', async () => {
    const { result } = renderHook(() => useProfileSwitch(FAILED));
    await waitFor(() => expect(result.current.acting).toEqual({ uuid: 'p-1', name: 'Asha Rao', secondary: false }));
    expect(loadProfiles).toHaveBeenCalled();
    expect(result.current.profiles).toHaveLength(2);
  });

  it('switching to a child uses its token; after the switch event the child acts', async () => {
    jest.mocked(switchProfile).mockResolvedValue(true);
    jest.mocked(fetchActingProfile).mockResolvedValue(CHILD as never);
    const { result } = renderHook(() => useProfileSwitch(FAILED));
    let ok = false;
    await act(async () => {
      ok = await result.current.switchTo('c-1');
    });
    expect(ok).toBe(true);
    expect(switchProfile).toHaveBeenCalledWith('c-1');
    jest.mocked(isActingAsSecondaryProfile).mockReturnValue(true);
    act(() => eventBus.emit('profile:switch', { profileId: 'c-1' }));
    await waitFor(() => expect(result.current.acting).toEqual({ uuid: 'c-1', name: 'Mira Rao', secondary: true }));
    expect(result.current.error).toBeNull();
  });

  it('a failed switch shows the caller’s words and is not busy any more', async () => {
    jest.mocked(switchProfile).mockResolvedValue(false);
    const { result } = renderHook(() => useProfileSwitch(FAILED));
    await act(async () => {
      await result.current.switchTo('c-1');
    });
    expect(result.current.error).toBe(FAILED);
    expect(result.current.busy).toBe(false);
  });

  it('switching to the account’s own profile ends the profile session', async () => {
    jest.mocked(endProfileSession).mockResolvedValue();
    const { result } = renderHook(() => useProfileSwitch(FAILED));
    await act(async () => {
      await result.current.switchTo('p-1');
    });
    expect(endProfileSession).toHaveBeenCalled();
    expect(switchProfile).not.toHaveBeenCalledWith('p-1');
  });
});
