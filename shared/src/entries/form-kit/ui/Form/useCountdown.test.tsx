import { act, render, screen } from '@testing-library/react';
import { secondsUntil, useCountdown } from './useCountdown';

function Probe({ deadline }: { deadline: number | null }) {
  return <output>{useCountdown(deadline)}</output>;
}

describe('useCountdown: from a deadline, one second at a time, never jumping', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date('2026-11-23T10:00:00.000Z'));
  });
  afterEach(() => jest.useRealTimers());

  it.each([
    [null, 0],
    [30_000, 30],
    [29_001, 30],
    [29_000, 29],
    [1, 1],
    [0, 0],
    [-5_000, 0],
  ])('secondsUntil(now + %s ms) → %s', (offset, seconds) => {
    const now = Date.now();
    expect(secondsUntil(offset === null ? null : now + offset, now)).toBe(seconds);
  });

  it('ticks 30, 29, 28 … 0 with no number skipped or repeated, even when the page re-renders', () => {
    const deadline = Date.now() + 30_000;
    const { rerender } = render(<Probe deadline={deadline} />);
    const seen = [screen.getByRole('status').textContent];
    for (let i = 0; i < 31; i += 1) {
      act(() => jest.advanceTimersByTime(1000));
      rerender(<Probe deadline={deadline} />);
      const shown = screen.getByRole('status').textContent;
      if (shown !== seen[seen.length - 1]) seen.push(shown);
    }
    expect(seen).toEqual(Array.from({ length: 31 }, (_, i) => String(30 - i)));
  });

  it('a deadline in the past (e.g. after a long reload) shows 0 at once', () => {
    render(<Probe deadline={Date.now() - 1} />);
    expect(screen.getByRole('status')).toHaveTextContent('0');
  });
});
