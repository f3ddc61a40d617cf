import { budgetFailures } from '../scripts/lib/budgets.mjs';

const budgets = { routes: { '/a': { maxGzipBytes: 100 }, '/b': { maxGzipBytes: 50, maxTotalGzipBytes: 80 } }, eachModuleOnce: true };

describe('bundle budgets', () => {
  it.each([
    [
      'within budget',
      [
        { route: '/a', gzipBytes: 100, duplicates: [] },
        { route: '/b', gzipBytes: 1, duplicates: [] },
      ],
      [],
    ],
    [
      'one byte over',
      [
        { route: '/a', gzipBytes: 101, duplicates: [] },
        { route: '/b', gzipBytes: 50, duplicates: [] },
      ],
      ['/a: 101 B of gzip JS, budget 100 B'],
    ],
    [
      'the total within its budget',
      [
        { route: '/a', gzipBytes: 100, duplicates: [] },
        { route: '/b', gzipBytes: 50, totalGzipBytes: 80, duplicates: [] },
      ],
      [],
    ],
    [
      'the total one byte over (first paint within)',
      [
        { route: '/a', gzipBytes: 100, duplicates: [] },
        { route: '/b', gzipBytes: 50, totalGzipBytes: 81, duplicates: [] },
      ],
      ['/b: 81 B of gzip JS in all, total budget 80 B'],
    ],
    [
      'a route without a total budget: its total is not limited',
      [
        { route: '/a', gzipBytes: 100, totalGzipBytes: 9999, duplicates: [] },
        { route: '/b', gzipBytes: 1, duplicates: [] },
      ],
      [],
    ],
    ['a route not measured', [{ route: '/a', gzipBytes: 1, duplicates: [] }], ['/b: not measured']],
    [
      'a route without a budget',
      [
        { route: '/a', gzipBytes: 1, duplicates: [] },
        { route: '/b', gzipBytes: 1, duplicates: [] },
        { route: '/c', gzipBytes: 1, duplicates: [] },
      ],
      ['/c: measured but has no budget (add one)'],
    ],
    [
      'a module downloaded twice',
      [
        { route: '/a', gzipBytes: 1, duplicates: ['x.js in 1.js and 2.js'] },
        { route: '/b', gzipBytes: 1, duplicates: [] },
      ],
      ['/a: downloaded twice: x.js in 1.js and 2.js'],
    ],
  ])('%s', (_name, measured, expected) => {
    expect(budgetFailures(budgets, measured)).toEqual(expected);
  });

  it('lets duplicates pass only when "each module once" is off', () => {
    const measured = [
      { route: '/a', gzipBytes: 1, duplicates: ['x'] },
      { route: '/b', gzipBytes: 1, duplicates: [] },
    ];
    expect(budgetFailures({ ...budgets, eachModuleOnce: false }, measured)).toEqual([]);
  });
});
