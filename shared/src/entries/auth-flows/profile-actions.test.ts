import { http } from 'msw';
import { eventBus } from '../../core/events/event-bus';
import { havenStore } from '../../core/state/store';
import { canAddMember, createProfile, deleteProfile } from './profile-actions';
import { API, apiUser, installAuthTestKit, json, server, signedIn } from '../../core/auth/test/auth-test-kit';

installAuthTestKit();
beforeEach(() => {
  signedIn();
  havenStore.getState().auth.update({ user: apiUser(), loading: false });
});

describe('canAddMember (product rules, Profiles and members: added members capped by maxMemberCount)', () => {
  it.each([
    [{ showAddMember: true, addedMemberCount: 0, maxMemberCount: 3 }, true],
    [{ showAddMember: true, addedMemberCount: 2, maxMemberCount: 3 }, true],
    [{ showAddMember: true, addedMemberCount: 3, maxMemberCount: 3 }, false],
    [{ showAddMember: true, addedMemberCount: 4, maxMemberCount: 3 }, false],
    [{ showAddMember: true, addedMemberCount: 0, maxMemberCount: 0 }, false], // the spec's default cap
    [{ showAddMember: false, addedMemberCount: 0, maxMemberCount: 3 }, false],
  ])('%j → %s', (plan, allowed) => {
    expect(canAddMember(plan)).toBe(allowed);
  });
});

describe('profile events (product rules, Profiles and members) on the bus', () => {
  it('creating a profile emits new_profile and refreshes the list', async () => {
    const kid = apiUser({ id: 9, uuid: 'u-9', first_name: 'Mira' });
    server.use(
      http.post(`${API}/customers/profiles`, () => json({ data: kid })),
      http.get(`${API}/customers/profiles`, () => json({ data: [apiUser(), kid], meta: { is_multi_profile_user: true } })),
    );
    const events = jest.fn();
    const off = eventBus.on('profile:event', events);
    await createProfile({ kind: 'profile', first_name: 'Mira' });
    off();
    expect(events).toHaveBeenCalledWith({ name: 'new_profile', profileId: 'u-9' });
    expect(havenStore.getState().auth.profiles).toHaveLength(2);
  });

  it('deleting the profile the page acts as emits delete_profile and goes back to the primary profile', async () => {
    localStorage.setItem('secondary_token', 'sec-9');
    server.use(
      http.delete(`${API}/customers/profiles/u-9`, () => json({ success: true })),
      http.delete(`${API}/customers/profile_session`, () => json({ success: true })),
      http.get(`${API}/customers/profiles`, () => json({ data: [apiUser()], meta: { is_multi_profile_user: false } })),
    );
    const events = jest.fn();
    const off = eventBus.on('profile:event', events);
    await deleteProfile('u-9', 'u-9');
    off();
    expect(events).toHaveBeenCalledWith({ name: 'delete_profile', profileId: 'u-9' });
    expect(events).toHaveBeenCalledWith({ name: 'switch_profile', profileId: apiUser().uuid });
    expect(localStorage.getItem('secondary_token')).toBeNull();
  });

  it('a refused creation reaches the caller and emits nothing', async () => {
    server.use(
      http.post(`${API}/customers/profiles`, () =>
        json(
          {
            success: false,
            message: 'You have added as many members as your plan allows.',
            errors: ['You have added as many members as your plan allows.'],
          },
          422,
        ),
      ),
    );
    const events = jest.fn();
    const off = eventBus.on('profile:event', events);
    await expect(createProfile({ kind: 'member', first_name: 'One too many' })).rejects.toThrow();
    off();
    expect(events).not.toHaveBeenCalled();
  });
});
