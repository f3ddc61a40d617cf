import NProgress from 'nprogress';
import { doneRouteProgress, startRouteProgress } from './route-progress';

describe('route progress (spec §2: a progress bar shows during route changes)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    NProgress.remove();
    jest.useRealTimers();
  });

  it('shows the bar without a spinner while a route change runs, then completes it', () => {
    startRouteProgress();
    expect(NProgress.isStarted()).toBe(true);
    expect(document.querySelector('#nprogress .bar')).not.toBeNull();
    expect(document.querySelector('#nprogress .spinner')).toBeNull();
    // no made-up ARIA role: the bar is hidden from assistive technology instead
    expect(document.querySelector('#nprogress [role]')).toBeNull();
    expect(document.querySelector('#nprogress .bar')).toHaveAttribute('aria-hidden', 'true');

    doneRouteProgress();
    jest.runAllTimers();
    expect(NProgress.isStarted()).toBe(false);
    expect(document.querySelector('#nprogress')).toBeNull();
  });

  it('done without start is harmless', () => {
    expect(() => doneRouteProgress()).not.toThrow();
    expect(NProgress.isStarted()).toBe(false);
  });
});
