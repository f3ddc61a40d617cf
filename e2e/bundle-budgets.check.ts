import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';

// The bundle budgets (tooling/bundle-budgets.json, scripts/check-budgets.mjs) as the browser suite's first
// project: byte counts of every route's cold load, against the servers this suite already started.
// The script is ESM the release server also loads: imported at run time, never transpiled into this
// worker's require cache.
type CheckBudgets = { checkBudgets: (browser: Browser) => Promise<{ table: string; failures: string[] }> };

test('every route within its bundle budget, every module downloaded once', async ({ browser }) => {
  test.slow(); // long by nature: a cold load of every route
  const { checkBudgets } = (await import(path.resolve(__dirname, '../scripts/check-budgets.mjs'))) as CheckBudgets;
  const { table, failures } = await checkBudgets(browser);
  console.log(table);
  expect(failures).toEqual([]);
});
