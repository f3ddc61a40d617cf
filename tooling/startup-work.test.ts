import { startupWorkFailures, workUnits } from '../scripts/lib/startup-work.mjs';

// A coverage entry as V8 reports it: per function, its ranges (the first is the whole function, called
// `count` times; inner ranges are blocks that ran another number of times).
const fn = (ranges: Array<[number, number, number]>) => ({
  ranges: ranges.map(([startOffset, endOffset, count]) => ({ startOffset, endOffset, count })),
});

describe('start-up work units', () => {
  it.each([
    ['one function of 10 bytes run once', [{ url: 'http://x/a.js', functions: [fn([[0, 10, 1]])] }], 10],
    ['called 5 times', [{ url: 'http://x/a.js', functions: [fn([[0, 10, 5]])] }], 50],
    [
      'a loop body of 4 bytes turning 1,000 times inside a function run once',
      [
        {
          url: 'http://x/a.js',
          functions: [
            fn([
              [0, 10, 1],
              [2, 6, 1000],
            ]),
          ],
        },
      ],
      6 + 4000,
    ],
    [
      'a block never run',
      [
        {
          url: 'http://x/a.js',
          functions: [
            fn([
              [0, 10, 1],
              [2, 6, 0],
            ]),
          ],
        },
      ],
      6,
    ],
    [
      'an inner function listed first still counts as its own',
      [{ url: 'http://x/a.js', functions: [fn([[4, 8, 3]]), fn([[0, 20, 1]])] }],
      16 + 12,
    ],
    ['a script of the browser or an extension does not count', [{ url: '', functions: [fn([[0, 10, 1]])] }], 0],
    [
      'two scripts add up',
      [
        { url: 'http://x/a.js', functions: [fn([[0, 10, 1]])] },
        { url: 'https://y/b.js', functions: [fn([[0, 5, 2]])] },
      ],
      20,
    ],
  ])('%s', (_name, coverage, expected) => {
    expect(workUnits(coverage)).toBe(expected);
  });
});

describe('start-up work lines', () => {
  const lines = { routes: { '/a': { maxMillionUnits: 3 }, '/b': { maxMillionUnits: 10 } } };
  it.each([
    [
      'within',
      [
        { route: '/a', millionUnits: 3 },
        { route: '/b', millionUnits: 9.9 },
      ],
      [],
    ],
    [
      'a planted 100 ms loop (+52 M) on every route',
      [
        { route: '/a', millionUnits: 54.8 },
        { route: '/b', millionUnits: 61.9 },
      ],
      ['/a: start-up work 54.80 M units, over its line of 3 M', '/b: start-up work 61.90 M units, over its line of 10 M'],
    ],
    [
      'just over',
      [
        { route: '/a', millionUnits: 3.01 },
        { route: '/b', millionUnits: 1 },
      ],
      ['/a: start-up work 3.01 M units, over its line of 3 M'],
    ],
    ['not measured', [{ route: '/a', millionUnits: 1 }], ['/b: not measured']],
    [
      'no line',
      [
        { route: '/a', millionUnits: 1 },
        { route: '/b', millionUnits: 1 },
        { route: '/c', millionUnits: 1 },
      ],
      ['/c: measured but has no line (add one)'],
    ],
  ])('%s', (_name, measured, expected) => {
    expect(startupWorkFailures(lines, measured)).toEqual(expected);
  });
});
