import { markPagePainted, resetPagePaintedForTests } from '../platform/page-painted';
import { startGrowth } from './start-growth';

const runGrowth = jest.fn();
jest.mock('./growth-runtime', () => ({ runGrowth: (...args: unknown[]) => runGrowth(...args) }));

/** Lets pending promise callbacks (and the lazy import) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startGrowth', () => {
  beforeEach(() => {
    runGrowth.mockReset();
    resetPagePaintedForTests();
    window.localStorage.clear();
    window.history.replaceState(null, '', '/?utm_source=news');
  });

  it('starts growth only once the page is ready, with the landing query read at the start', async () => {
    let ready!: () => void;
    const started = startGrowth(() => new Promise<void>((resolve) => (ready = resolve)));
    window.history.replaceState(null, '', '/auth/log-in/');
    await settle();
    expect(runGrowth).not.toHaveBeenCalled();
    ready();
    await started;
    expect(runGrowth).toHaveBeenCalledWith({ search: '?utm_source=news' });
  });

  it('by default waits for a page to paint (a PageFrame commit), not for a remote to mount', async () => {
    const started = startGrowth();
    window.dispatchEvent(new Event('single-spa:first-mount'));
    await settle();
    expect(runGrowth).not.toHaveBeenCalled();
    markPagePainted();
    await started;
    expect(runGrowth).toHaveBeenCalledTimes(1);
  });

  it('records the first visit referrer at once (direct without one) and keeps it on later visits', async () => {
    const started = startGrowth(() => new Promise<void>(() => undefined));
    expect(window.localStorage.getItem('initial_referrer')).toBe('direct');
    window.localStorage.setItem('initial_referrer', 'https://search.example/');
    void startGrowth(() => Promise.resolve());
    expect(window.localStorage.getItem('initial_referrer')).toBe('https://search.example/');
    void started;
  });
});
