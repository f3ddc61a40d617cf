import { act, render, renderHook, screen } from '@testing-library/react';
import { ShownWhenSettled } from '../common/ShownWhenSettled';
import { useIdleAfter } from '../common/useIdleAfter';
import { HomeSkeleton } from './HomeSkeleton';

describe('the home while it loads', () => {
  const page = (settled: boolean) => (
    <ShownWhenSettled settled={settled} label="Loading your care" placeholder={<HomeSkeleton label="Loading your care" />}>
      <p>Upcoming sessions</p>
    </ShownWhenSettled>
  );

  it('shows the next-session card as empty boxes, busy (a prerendered picture of it is taken over only once the page is shown)', () => {
    const { container, rerender } = render(page(false));
    const skeleton = screen.getByRole('status', { name: '' });
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(skeleton).toHaveAttribute('data-hv-skeleton');
    expect(skeleton).toHaveTextContent('Loading your care');
    // No spinner: the skeleton stands in its place.
    expect(container.querySelector('.hv-spinner')).toBeNull();
    expect(screen.getByText('Upcoming sessions', { selector: 'p' })).not.toBeVisible();

    rerender(page(true));
    expect(container.querySelector('[data-hv-skeleton]')).toBeNull();
    expect(screen.getByText('Upcoming sessions', { selector: 'p' })).toBeVisible();
  });
});

describe('useIdleAfter', () => {
  type Idle = { requestIdleCallback?: unknown; cancelIdleCallback?: unknown };
  afterEach(() => {
    delete (window as Idle).requestIdleCallback;
    delete (window as Idle).cancelIdleCallback;
  });

  it('turns true in the first idle moment after it is ready, not before', () => {
    const idle: Array<() => void> = [];
    (window as Idle).requestIdleCallback = (callback: () => void) => idle.push(callback);
    (window as Idle).cancelIdleCallback = jest.fn();
    const { result, rerender } = renderHook(({ ready }) => useIdleAfter(ready), { initialProps: { ready: false } });
    expect(idle).toHaveLength(0);
    rerender({ ready: true });
    expect(result.current).toBe(false);
    expect(idle).toHaveLength(1);
    act(() => idle[0]!());
    expect(result.current).toBe(true);
    // Once true, it stays true.
    rerender({ ready: false });
    expect(result.current).toBe(true);
  });

  it('falls back to a task of its own where the browser has no idle callback', () => {
    jest.useFakeTimers();
    try {
      const { result } = renderHook(() => useIdleAfter(true));
      expect(result.current).toBe(false);
      act(() => jest.advanceTimersByTime(1));
      expect(result.current).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
