import { NEXT_SESSION_MIN_GAP_MS, nextSessionEarliestStart, type NextSessionFacts } from './next-session-window';

const H = 3600_000;
const now = Date.UTC(2026, 11, 7, 9);
const base: NextSessionFacts = { sessionEndMs: now + 6 * H, sessionHeld: false, heldWithProvider: 0, nowMs: now, leadMs: 2 * H };

describe('nextSessionEarliestStart', () => {
  it.each<[string, Partial<NextSessionFacts>, number | null]>([
    ['a first session not yet held: nothing to offer', {}, null],
    ['an upcoming session after earlier ones: two days after it ends', { heldWithProvider: 3 }, now + 6 * H + NEXT_SESSION_MIN_GAP_MS],
    [
      'a session held an hour ago: two days after it, not this evening',
      { sessionHeld: true, heldWithProvider: 1, sessionEndMs: now - H },
      now - H + NEXT_SESSION_MIN_GAP_MS,
    ],
    [
      'a session held long ago: from now, past the lead time',
      { sessionHeld: true, heldWithProvider: 1, sessionEndMs: now - 30 * 24 * H },
      now + 2 * H,
    ],
  ])('%s', (_name, facts, expected) => {
    expect(nextSessionEarliestStart({ ...base, ...facts })).toBe(expected);
  });
});
