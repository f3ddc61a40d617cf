import { http } from 'msw';
import { eventBus } from '../../core/events/event-bus';
import { havenStore } from '../../core/state/store';
import { endProfileSession, loadProfiles, saveProfile, switchProfile } from './profiles';
import { API, apiUser, calls, installAuthTestKit, json, server, signedIn } from '../../core/auth/test/auth-test-kit';

installAuthTestKit();
beforeEach(() => {
  signedIn();
  havenStore.getState().auth.update({ user: apiUser(), loading: false });
});

const auth = () => havenStore.getState().auth;

describe('profiles (product rules, Profiles and members)', () => {
  it('the profile list sets isMultiProfileUser from meta.is_multi_profile_user', async () => {
    server.use(
      http.get(`${API}/customers/profiles`, () =>
        json({ data: [apiUser(), apiUser({ id: 8, uuid: 'u-8' })], meta: { is_multi_profile_user: true } }),
      ),
    );
    await loadProfiles();
    expect(auth()).toMatchObject({ isMultiProfileUser: true, profilesLoading: false });
    expect(auth().profiles).toHaveLength(2);
  });

  it('a failing profile list is silent', async () => {
    server.use(http.get(`${API}/customers/profiles`, () => json({}, 500)));
    await loadProfiles();
    expect(auth()).toMatchObject({ profiles: [], profilesLoading: false });
  });

  it('switch profile keeps the secondary-profile token and sends it from then on', async () => {
    server.use(
      http.post(`${API}/customers/profiles/u-8/session`, () =>
        json({ success: true, data: apiUser({ id: 8, uuid: 'u-8' }) }, 200, { 'secondary-profile-access-token': 'sec-8' }),
      ),
      http.get(`${API}/customers/profiles`, () => json({ data: [], meta: { is_multi_profile_user: true } })),
    );
    // Whoever hears the switch already reads whose account it is (the header, the pages keyed on it).
    const onSwitch = jest.fn(() => auth().acting?.uuid);
    const off = eventBus.on('profile:switch', onSwitch);
    expect(await switchProfile('u-8')).toBe(true);
    off();
    expect(localStorage.getItem('secondary_token')).toBe('sec-8');
    expect(onSwitch).toHaveBeenCalledWith({ profileId: 'u-8' });
    expect(onSwitch).toHaveReturnedWith('u-8');
    // Kept for a reload: only the name and avatar fields, beside the token.
    expect(JSON.parse(localStorage.getItem('acting_profile') ?? 'null')).toEqual({
      uuid: 'u-8',
      first_name: apiUser().first_name,
      last_name: apiUser().last_name,
      avatar_url: apiUser().avatar_url,
    });
    await loadProfiles();
    expect(calls('GET', '/customers/profiles')[0]?.headers.get('secondary-profile-access-token')).toBe('sec-8');
  });

  it('profile session delete drops the secondary token', async () => {
    localStorage.setItem('secondary_token', 'sec-8');
    localStorage.setItem('acting_profile', JSON.stringify({ uuid: 'u-8' }));
    auth().update({ acting: { uuid: 'u-8' } });
    server.use(http.delete(`${API}/customers/profile_session`, () => json({ success: true })));
    await endProfileSession();
    expect(calls('DELETE', '/customers/profile_session')).toHaveLength(1);
    expect(localStorage.getItem('secondary_token')).toBeNull();
    expect(localStorage.getItem('acting_profile')).toBeNull();
    expect(auth().acting).toBeNull();
  });

  it('a profile update merges into the user and clears loading, updating and error', async () => {
    auth().update({ loading: true, updatingProfile: true, error: 'old' });
    server.use(http.put(`${API}/customers/profile_info`, () => json({ data: apiUser({ first_name: 'Asha R' }) })));
    expect(await saveProfile({ first_name: 'Asha R' })).toEqual({ ok: true });
    expect(auth()).toMatchObject({
      loading: false,
      updatingProfile: false,
      error: null,
      user: { id: 7, first_name: 'Asha R', email: 'asha@example.com' },
    });
  });

  it('a new number is not saved by the edit: the answer says a code went to it, and the number stays as it was', async () => {
    const message = 'We sent a code to +919123400001. Enter it to confirm your new number; until then your number stays as it was.';
    server.use(
      http.put(`${API}/customers/profile_info`, () =>
        json({ data: apiUser({ first_name: 'Asha R', mobile: null }), contact_change: { kind: 'phone', message } }),
      ),
    );
    expect(await saveProfile({ first_name: 'Asha R', country_code: '91', mobile: '9123400001' })).toEqual({ ok: true, codeSent: message });
    expect(auth().user).toMatchObject({ first_name: 'Asha R', mobile: null });
  });
});
