import { havenStore } from '../state/store';
import { startAuth, stopAuthForTests } from './start-auth';
import { resetBootstrapForTests } from './bootstrap';
import { apiUser, calls, installAuthTestKit, signedIn } from './test/auth-test-kit';
import { resetRealtimeMock } from './test/realtime-mock';

jest.mock('../realtime/realtime-client', () => jest.requireActual('./test/realtime-mock').realtime);

installAuthTestKit();
beforeEach(() => {
  resetRealtimeMock();
  resetBootstrapForTests();
  stopAuthForTests();
});
afterEach(() => stopAuthForTests());

describe('startAuth: cross-tab logout (product rules, Sign-in and identity)', () => {
  it("another tab flipping loginstatus 'true' → 'false' logs this tab out within 1 s, without a second DELETE", async () => {
    const navigate = jest.fn();
    havenStore.getState().auth.update({ user: apiUser() });
    signedIn();
    localStorage.setItem('loginstatus', 'true');
    await startAuth({ navigate });

    const started = Date.now();
    localStorage.setItem('loginstatus', 'false');
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'loginstatus', oldValue: 'true', newValue: 'false', storageArea: localStorage }),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(havenStore.getState().auth.user).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth/log-in/?redirectPath=%2Ft-p');
    expect(calls('DELETE', '/customers/logout')).toHaveLength(0);
  });

  it('nobody logged in here: the flag changes nothing', async () => {
    const navigate = jest.fn();
    await startAuth({ navigate });
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'loginstatus', oldValue: 'true', newValue: 'false', storageArea: localStorage }),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(navigate).not.toHaveBeenCalled();
  });
});
