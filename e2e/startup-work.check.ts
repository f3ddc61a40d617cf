import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';

// The start-up work lines (tooling/startup-work.json, scripts/check-startup-work.mjs): how much script a cold
// load of every route runs, counted by V8's block coverage, against the servers this suite already started.
// Counts, not times: the same figure whatever else the machine is doing. ESM, imported at run time.
type CheckStartupWork = { checkStartupWork: (browser: Browser) => Promise<{ table: string; failures: string[] }> };

test('every route starts within its line of script work', async ({ browser }) => {
  test.slow(); // long by nature: two or three cold loads of every route
  const { checkStartupWork } = (await import(path.resolve(__dirname, '../scripts/check-startup-work.mjs'))) as CheckStartupWork;
  const { table, failures } = await checkStartupWork(browser);
  console.log(table);
  expect(failures).toEqual([]);
});
