import { loadRemote } from '@module-federation/enhanced/runtime';
import { reportError } from '@haven/shared';
import { loadRemoteApp } from './load-remote-app';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));
jest.mock('@haven/shared', () => ({ ...jest.requireActual('@haven/shared'), reportError: jest.fn() }));

const lifecycles = { bootstrap: jest.fn(), mount: jest.fn(), unmount: jest.fn() };
const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

describe('loadRemoteApp', () => {
  beforeEach(() => {
    mockedLoadRemote.mockReset();
    (reportError as jest.Mock).mockReset();
  });

  it('loads the remote ./app expose by its container name', async () => {
    mockedLoadRemote.mockResolvedValue(lifecycles);
    await expect(loadRemoteApp('mfe-session-room')).resolves.toBe(lifecycles);
    expect(mockedLoadRemote).toHaveBeenCalledWith('mfe_session_room/app');
  });

  it('retries a failed load before giving up', async () => {
    mockedLoadRemote.mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValueOnce(lifecycles);
    await expect(loadRemoteApp('mfe-booking', 3)).resolves.toBe(lifecycles);
    expect(mockedLoadRemote).toHaveBeenCalledTimes(2);
    expect(reportError).not.toHaveBeenCalled();
  });

  it('after the last attempt, reports and returns error-screen lifecycles for that remote only', async () => {
    mockedLoadRemote.mockRejectedValue(new Error('Failed to fetch mf-manifest.json'));
    const result = await loadRemoteApp('mfe-partner', 2);
    expect(mockedLoadRemote).toHaveBeenCalledTimes(2);
    expect(result).not.toBe(lifecycles);
    expect(typeof result.mount).toBe('function');
    expect(reportError).toHaveBeenCalledWith(expect.any(Error), { area: 'federation', remote: 'mfe-partner' });
  });

  it('treats an expose without lifecycles as a failed load', async () => {
    mockedLoadRemote.mockResolvedValue({ default: 'not an app' });
    await loadRemoteApp('mfe-auth', 1);
    expect(reportError).toHaveBeenCalledWith(
      new Error('Remote mfe-auth did not expose single-spa lifecycles'),
      expect.objectContaining({ remote: 'mfe-auth' }),
    );
  });
});
