import NProgress from 'nprogress';
import { doneRouteProgress, startRouteProgress } from './route-progress';

describe('route progress (product rules, Routes and redirects: a progress bar shows during route changes)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    NProgress.remove();
    jest.useRealTimers();
  });

  it('shows the bar without a spinner while a route change runs, then completes it', async () => {
    await startRouteProgress();
    expect(NProgress.isStarted()).toBe(true);
    expect(document.querySelector('#nprogress .bar')).not.toBeNull();
    expect(document.querySelector('#nprogress .spinner')).toBeNull();
    // no made-up ARIA role: the bar is hidden from assistive technology instead
    expect(document.querySelector('#nprogress [role]')).toBeNull();
    expect(document.querySelector('#nprogress .bar')).toHaveAttribute('aria-hidden', 'true');

    await doneRouteProgress();
    jest.runAllTimers();
    expect(NProgress.isStarted()).toBe(false);
    expect(document.querySelector('#nprogress')).toBeNull();
  });

  it('done without start is harmless', async () => {
    await expect(doneRouteProgress()).resolves.toBeUndefined();
    expect(NProgress.isStarted()).toBe(false);
  });

  it('a route change that ends before the bar has loaded shows no bar', async () => {
    const starting = startRouteProgress();
    await doneRouteProgress();
    await starting;
    jest.runAllTimers();
    expect(NProgress.isStarted()).toBe(false);
    expect(document.querySelector('#nprogress')).toBeNull();
  });
});
