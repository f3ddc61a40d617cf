import { act, render, screen } from '@testing-library/react';
import { OfflineBanner } from './OfflineBanner';

const TEXT = 'Please check your internet connection and try again.';
const PROBE = 'https://probe.example/ping';

describe('OfflineBanner (product rules, Errors and messages: Offline; offline poll 1000 ms)', () => {
  const realFetch = globalThis.fetch;
  let fetchMock: jest.Mock;

  beforeEach(() => {
    jest.useFakeTimers();
    fetchMock = jest.fn();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    jest.useRealTimers();
    globalThis.fetch = realFetch;
    jest.restoreAllMocks();
  });

  const goOffline = () => act(() => void window.dispatchEvent(new Event('offline')));
  const goOnline = () => act(async () => void window.dispatchEvent(new Event('online')));
  const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

  it('shows nothing while online, inside an always-present live region', () => {
    render(<OfflineBanner probeUrl={PROBE} />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
  });

  it('shows the banner when the browser goes offline', () => {
    render(<OfflineBanner probeUrl={PROBE} />);
    goOffline();
    expect(screen.getByRole('status')).toHaveTextContent(TEXT);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the banner at start when navigator.onLine is false', () => {
    jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner probeUrl={PROBE} />);
    expect(screen.getByText(TEXT)).toBeInTheDocument();
  });

  it('going online polls every 1000 ms until an external request succeeds, then hides the banner', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<OfflineBanner probeUrl={PROBE} />);
    goOffline();

    await goOnline();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(PROBE, { cache: 'no-store', mode: 'no-cors' });
    expect(screen.getByText(TEXT)).toBeInTheDocument();

    await advance(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByText(TEXT)).toBeInTheDocument();

    fetchMock.mockResolvedValue(new Response(null, { status: 200 }));
    await advance(1000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();

    await advance(5000);
    expect(fetchMock).toHaveBeenCalledTimes(3); // polling stopped
  });

  it('going offline again stops the polling', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<OfflineBanner probeUrl={PROBE} />);
    goOffline();
    await goOnline();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    goOffline();
    await advance(5000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByText(TEXT)).toBeInTheDocument();
  });

  it('honours a custom poll interval and stops on unmount', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { unmount } = render(<OfflineBanner probeUrl={PROBE} pollMs={250} />);
    goOffline();
    await goOnline();
    await advance(250);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    unmount();
    await advance(5000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
