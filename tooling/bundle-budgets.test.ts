import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { budgetHistoryFailures, changeFailures, withPaidBackExceptions } from '../scripts/lib/budget-history.mjs';
import { budgetFailures, loweredLine, ratchetFailures, staleLines } from '../scripts/lib/budgets.mjs';

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

type BudgetsFile = { routes: Record<string, { maxGzipBytes: number; maxTotalGzipBytes?: number }>; eachModuleOnce: boolean };

describe('the budget ratchet', () => {
  const file = (routes: Record<string, { maxGzipBytes: number; maxTotalGzipBytes?: number }>, targets = { '/a': 100 }) => ({
    routes,
    targets,
  });

  it.each([
    ['nothing moved', file({ '/a': { maxGzipBytes: 100 } }), file({ '/a': { maxGzipBytes: 100 } }), []],
    ['a line lowered', file({ '/a': { maxGzipBytes: 100 } }), file({ '/a': { maxGzipBytes: 90 } }), []],
    [
      'a line raised alone',
      file({ '/a': { maxGzipBytes: 100 } }),
      file({ '/a': { maxGzipBytes: 120 } }),
      ['first paint: raised by 20 B (/a 100 -> 120) and lowered by only 0 B elsewhere'],
    ],
    [
      'a 20 KB first paint raised, another route lowered by more',
      file({ '/a': { maxGzipBytes: 100_000 }, '/b': { maxGzipBytes: 200_000 } }),
      file({ '/a': { maxGzipBytes: 120_480 }, '/b': { maxGzipBytes: 179_000 } }),
      [],
    ],
    [
      'raised and lowered by the same amount',
      file({ '/a': { maxGzipBytes: 100 }, '/b': { maxGzipBytes: 100 } }),
      file({ '/a': { maxGzipBytes: 110 }, '/b': { maxGzipBytes: 90 } }),
      ['first paint: raised by 10 B (/a 100 -> 110) and lowered by only 10 B elsewhere'],
    ],
    [
      'a total raised, paid for by a first paint (kinds are judged apart)',
      file({ '/a': { maxGzipBytes: 100, maxTotalGzipBytes: 200 } }),
      file({ '/a': { maxGzipBytes: 50, maxTotalGzipBytes: 210 } }),
      ['in all: raised by 10 B (/a 200 -> 210) and lowered by only 0 B elsewhere'],
    ],
    [
      'a route added is not a raise',
      file({ '/a': { maxGzipBytes: 100 } }),
      file({ '/a': { maxGzipBytes: 100 }, '/b': { maxGzipBytes: 500 } }),
      [],
    ],
    [
      'a raise recorded as an exception no longer passes (nor does the record)',
      file({ '/a': { maxGzipBytes: 100 } }),
      {
        ...file({ '/a': { maxGzipBytes: 120 } }),
        exceptions: [{ routes: ['/a'], kinds: ['maxGzipBytes'], reason: 'the header names the person', payBack: 'lazy switch' }],
      },
      [
        'exceptions are not taken: a raise must be paid for by a larger lowering of the same kind in the same change',
        'first paint: raised by 20 B (/a 100 -> 120) and lowered by only 0 B elsewhere',
      ],
    ],
    [
      'a raise with a bigger lowering of another route passes',
      file({ '/a': { maxGzipBytes: 100, maxTotalGzipBytes: 200 }, '/b': { maxGzipBytes: 100, maxTotalGzipBytes: 200 } }),
      file({ '/a': { maxGzipBytes: 110, maxTotalGzipBytes: 190 }, '/b': { maxGzipBytes: 89, maxTotalGzipBytes: 200 } }),
      [],
    ],
    [
      'a target raised',
      file({ '/a': { maxGzipBytes: 100 } }),
      file({ '/a': { maxGzipBytes: 100 } }, { '/a': 130 }),
      ['target /a raised 100 -> 130'],
    ],
  ])('%s', (_name, before, after, expected) => {
    expect(ratchetFailures(before, after)).toEqual(expected);
  });

  it.each([
    ['at the line', { maxGzipBytes: 1000 }, 1000, []],
    ['within the slack (1%)', { maxGzipBytes: 1010 }, 1000, []],
    ['past the slack: lowered to the build with 0.4% room', { maxGzipBytes: 1020 }, 1000, [{ key: 'maxGzipBytes', lowerTo: 1100 }]],
    ['a 20 KB shrink', { maxGzipBytes: 200_000 }, 179_520, [{ key: 'maxGzipBytes', lowerTo: 180_300 }]],
  ])('stale lines: %s', (_name, lines, gzipBytes, expected) => {
    const stale = staleLines({ routes: { '/a': lines } }, [{ route: '/a', gzipBytes, duplicates: [] }]);
    expect(stale.map(({ key, lowerTo }) => ({ key, lowerTo }))).toEqual(expected);
  });

  it('never lowers a line below the build it was lowered to', () => {
    for (const bytes of [1, 99, 100, 150_001, 201_528]) expect(loweredLine(bytes)).toBeGreaterThanOrEqual(bytes);
  });

  describe('a raise recorded as an exception before they were refused', () => {
    const record = { routes: ['/a', '/b'], kinds: ['maxGzipBytes'], reason: 'r', payBack: 'p' };
    const before = file({ '/a': { maxGzipBytes: 100 }, '/b': { maxGzipBytes: 100 } });
    const raised = { ...file({ '/a': { maxGzipBytes: 120 }, '/b': { maxGzipBytes: 110 } }), exceptions: [record] };
    it("stands while today's file still owes it", () => {
      const today = { ...file({ '/a': { maxGzipBytes: 120 }, '/b': { maxGzipBytes: 110 } }), exceptions: [record] };
      expect(ratchetFailures(before, withPaidBackExceptions(before, raised, today))).toEqual([]);
    });
    it('stands once its record is gone and every line is back where it was', () => {
      const today = file({ '/a': { maxGzipBytes: 100 }, '/b': { maxGzipBytes: 95 } });
      expect(ratchetFailures(before, withPaidBackExceptions(before, raised, today))).toEqual([]);
    });
    it('fails when its record is gone before all of it is paid back', () => {
      const today = file({ '/a': { maxGzipBytes: 101 }, '/b': { maxGzipBytes: 95 } });
      expect(ratchetFailures(before, withPaidBackExceptions(before, raised, today))).toEqual([
        'first paint: raised by 20 B (/a 100 -> 120) and lowered by only 0 B elsewhere',
      ]);
    });
    it('a change that keeps the owed record is no new exception', () => {
      expect(
        ratchetFailures(raised, { ...file({ '/a': { maxGzipBytes: 119 }, '/b': { maxGzipBytes: 110 } }), exceptions: [record] }),
      ).toEqual([]);
    });
  });

  it('the gate refuses a planted +20 KB first paint: over its line, and raising the line alone fails the change', () => {
    const repo = path.resolve(__dirname, '..');
    const today = JSON.parse(
      execFileSync('git', ['show', 'HEAD:tooling/bundle-budgets.json'], { cwd: repo, encoding: 'utf8' }),
    ) as BudgetsFile;
    const route = '/providers';
    const line = today.routes[route].maxGzipBytes;
    const measured = Object.keys(today.routes).map((name) => ({
      route: name,
      gzipBytes: name === route ? line + 20_480 : 1,
      duplicates: [],
    }));
    expect(budgetFailures(today, measured)).toEqual([`${route}: ${line + 20_480} B of gzip JS, budget ${line} B`]);
    const raisedLine = { ...today, routes: { ...today.routes, [route]: { ...today.routes[route], maxGzipBytes: line + 20_480 } } };
    expect(changeFailures(repo, raisedLine, 'HEAD')).toEqual([
      `budgets file since HEAD: first paint: raised by 20480 B (${route} ${line} -> ${line + 20_480}) and lowered by only 0 B elsewhere`,
    ]);
  });

  it('every change to the budgets file since the ratchet began lowers more than it raises', () => {
    expect(budgetHistoryFailures(path.resolve(__dirname, '..'))).toEqual([]);
  });
});
