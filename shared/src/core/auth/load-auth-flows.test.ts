import { havenStore } from '../state/store';
import { reportError } from '../reporting/report-error';
import { toast } from '../ui/ToastHost/ToastHost';
import { loadAuthFlows, provideSignInEntry, SIGN_IN_UNAVAILABLE } from './load-auth-flows';

jest.mock('../reporting/report-error', () => ({ reportError: jest.fn() }));

describe('loadAuthFlows (the root loads the sign-in entry when a code login or hand-off runs)', () => {
  let toastError: jest.SpyInstance;
  beforeEach(() => {
    jest.clearAllMocks();
    toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'id');
    havenStore.getState().auth.update({ loading: true, error: null });
  });
  afterEach(() => toastError.mockRestore());

  it("without an app's loader: null, loading ends with the message shown, the error reported", async () => {
    expect(await loadAuthFlows('code login')).toBeNull();
    expect(havenStore.getState().auth).toMatchObject({ loading: false, error: SIGN_IN_UNAVAILABLE });
    expect(reportError).toHaveBeenCalledWith(expect.any(Error), { where: 'code login', step: 'load the sign-in entry' });
  });

  it('answers the entry the app provided: every sign-in the root runs is there', async () => {
    provideSignInEntry(() => import('@haven/shared/auth-flows'));
    const flows = await loadAuthFlows('test');
    expect(flows).not.toBeNull();
    for (const name of ['loginWithCrnid', 'loginWithToken', 'loginWithB2bLink', 'loginWithGoogle', 'createGoogleIdentity'] as const) {
      expect(typeof flows?.[name]).toBe('function');
    }
    expect(havenStore.getState().auth.loading).toBe(true); // nothing decided yet: the sign-in that follows ends loading
    expect(reportError).not.toHaveBeenCalled();
  });

  it.each([
    ['a chunk that failed to arrive', new Error('Loading chunk 123 failed')],
    ['a federation share that could not be resolved', new TypeError('Failed to fetch dynamically imported module')],
  ])('%s: null, loading ends with the message shown, the error reported', async (_, failure) => {
    const flows = await loadAuthFlows('code login', () => Promise.reject(failure));
    expect(flows).toBeNull();
    expect(havenStore.getState().auth).toMatchObject({ loading: false, error: SIGN_IN_UNAVAILABLE });
    expect(toastError).toHaveBeenCalledWith(SIGN_IN_UNAVAILABLE);
    expect(reportError).toHaveBeenCalledWith(failure, { where: 'code login', step: 'load the sign-in entry' });
  });
});
