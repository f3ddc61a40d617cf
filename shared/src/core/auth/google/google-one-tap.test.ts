import { http } from 'msw';
import { havenStore } from '../../state/store';
import { API, apiUser, credHeaders, installAuthTestKit, json, server } from '../test/auth-test-kit';
import { resetRealtimeMock } from '../test/realtime-mock';
import type { GoogleCredentialResponse, GoogleIdentity } from '../sign-in-entry';
import { offerGoogleOneTap } from './google-one-tap';

jest.mock('../../realtime/realtime-client', () => jest.requireActual('../test/realtime-mock').realtime);

installAuthTestKit();
beforeEach(() => {
  resetRealtimeMock();
  havenStore.getState().appConfig.update({ appLoaded: true });
});

function fakeIdentity() {
  let pick: ((r: GoogleCredentialResponse) => void) | null = null;
  const identity: GoogleIdentity = {
    kind: 'google',
    requestCredential: jest.fn(),
    promptOneTap: jest.fn(async (onCredential) => {
      pick = onCredential;
    }),
    cancelOneTap: jest.fn(),
  };
  return { identity, choose: (r: GoogleCredentialResponse) => pick?.(r) };
}

describe('offerGoogleOneTap (product rules, Routes and redirects: gate)', () => {
  it.each([
    ['/auth/log-in/', ''],
    ['/booking', ''],
    ['/therapy-psychiatry/', '?disableGoogleOneTapLogin=true'],
  ])('not on %s%s', async (pathname, search) => {
    const { identity } = fakeIdentity();
    expect(await offerGoogleOneTap({ pathname, search, identity })).toBe(false);
    expect(identity.promptOneTap).not.toHaveBeenCalled();
  });

  it('not when someone is logged in, nor in a therapy-for-life flow', async () => {
    const { identity } = fakeIdentity();
    havenStore.getState().auth.update({ user: apiUser() });
    expect(await offerGoogleOneTap({ pathname: '/', search: '', identity })).toBe(false);
    havenStore.getState().auth.update({ user: null });
    havenStore.getState().tfl.update({ isTflFlow: true });
    expect(await offerGoogleOneTap({ pathname: '/', search: '', identity })).toBe(false);
  });

  it("not before the page's boot has finished (appLoaded): nobody logged in is not known yet", async () => {
    const { identity } = fakeIdentity();
    havenStore.getState().appConfig.update({ appLoaded: false });
    expect(await offerGoogleOneTap({ pathname: '/therapy-psychiatry/', search: '', identity })).toBe(false);
    expect(identity.promptOneTap).not.toHaveBeenCalled();
  });

  it('on a landing path: prompts, and a picked account signs in', async () => {
    server.use(http.post(`${API}/customers/google_sign_in`, () => json({ data: apiUser() }, 200, credHeaders)));
    const { identity, choose } = fakeIdentity();
    expect(await offerGoogleOneTap({ pathname: '/therapy-psychiatry/', search: '', identity })).toBe(true);
    choose({ credential: 'one-tap-jwt', select_by: 'auto' });
    for (let i = 0; i < 100 && !havenStore.getState().auth.user; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(havenStore.getState().auth.user?.id).toBe(7);
  });

  /** Route changes the test makes, heard as the shell hears single-spa's routing events. */
  function routes() {
    const listeners = new Set<(to: { pathname: string; search: string }) => void>();
    return {
      onRouteChange: (l: (to: { pathname: string; search: string }) => void) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      go: (pathname: string, search = '') => [...listeners].forEach((l) => l({ pathname, search })),
      listening: () => listeners.size,
    };
  }

  it.each([['/auth/log-in/'], ['/booking/therapist/ana'], ['/t-p']])(
    'an open prompt is cancelled by an in-app move to %s, once; a move to another landing path keeps it',
    async (to) => {
      const { identity } = fakeIdentity();
      const r = routes();
      expect(await offerGoogleOneTap({ pathname: '/therapy-psychiatry/', search: '', identity, onRouteChange: r.onRouteChange })).toBe(
        true,
      );
      r.go('/providers/');
      expect(identity.cancelOneTap).not.toHaveBeenCalled();
      r.go(to);
      expect(identity.cancelOneTap).toHaveBeenCalledTimes(1);
      expect(r.listening()).toBe(0);
      r.go('/auth/sign-up/');
      expect(identity.cancelOneTap).toHaveBeenCalledTimes(1);
      expect(identity.promptOneTap).toHaveBeenCalledTimes(1);
    },
  );

  it('a move to log-in while the prompt is still loading closes it once it opens', async () => {
    const r = routes();
    let opened: () => void = () => {};
    const identity: GoogleIdentity = {
      kind: 'google',
      requestCredential: jest.fn(),
      promptOneTap: jest.fn(() => new Promise<void>((resolve) => (opened = resolve))),
      cancelOneTap: jest.fn(),
    };
    const offered = offerGoogleOneTap({ pathname: '/', search: '', identity, onRouteChange: r.onRouteChange });
    for (let i = 0; i < 50 && r.listening() === 0; i += 1) await new Promise((done) => setTimeout(done, 5));
    r.go('/auth/log-in/');
    opened();
    expect(await offered).toBe(true);
    expect(identity.cancelOneTap).toHaveBeenCalledTimes(2);
  });
});
