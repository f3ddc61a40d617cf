import { CLICK_THROTTLE_MS, createClickThrottle } from './click-throttle';

describe('createClickThrottle (product rules, Constants: 500 ms)', () => {
  it('is 500 ms', () => expect(CLICK_THROTTLE_MS).toBe(500));

  // Click times in ms -> whether each click goes through.
  it.each<[number[], boolean[]]>([
    [[0], [true]],
    [
      [0, 1],
      [true, false],
    ],
    [
      [0, 499],
      [true, false],
    ],
    [
      [0, 500],
      [true, true],
    ],
    [
      [0, 200, 400, 600],
      [true, false, false, true],
    ],
    [
      [0, 300, 501, 900, 1001],
      [true, false, true, false, true],
    ],
  ])('clicks at %j -> %j', (times, expected) => {
    let t = 0;
    const allow = createClickThrottle(CLICK_THROTTLE_MS, () => t);
    expect(
      times.map((at) => {
        t = at;
        return allow();
      }),
    ).toEqual(expected);
  });

  // Click and edit times in ms -> whether each click goes through: an edit after a click opens the gate.
  it.each<[Array<['click' | 'edit', number]>, boolean[]]>([
    [
      [
        ['click', 0],
        ['edit', 100],
        ['click', 200],
      ],
      [true, true],
    ],
    [
      [
        ['click', 0],
        ['edit', 0],
        ['click', 200],
      ],
      [true, false],
    ],
    [
      [
        ['edit', 0],
        ['click', 100],
        ['click', 200],
      ],
      [true, false],
    ],
    [
      [
        ['click', 0],
        ['click', 100],
        ['edit', 150],
        ['click', 200],
        ['click', 300],
      ],
      [true, false, true, false],
    ],
  ])('%j -> %j', (events, expected) => {
    let t = 0;
    let edited = Number.NEGATIVE_INFINITY;
    const allow = createClickThrottle(
      CLICK_THROTTLE_MS,
      () => t,
      () => edited,
    );
    const results: boolean[] = [];
    for (const [kind, at] of events) {
      t = at;
      if (kind === 'edit') edited = at;
      else results.push(allow());
    }
    expect(results).toEqual(expected);
  });
});
