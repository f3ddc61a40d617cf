import { yieldsAhead, yieldToMain } from './yield-to-main';

type SchedulerGlobal = { scheduler?: { yield?: () => Promise<void> } };

afterEach(() => {
  delete (globalThis as SchedulerGlobal).scheduler;
});

test('resumes in a later task, after work already queued, where the browser has no scheduler.yield', async () => {
  const order: string[] = [];
  setTimeout(() => order.push('queued task'), 0);
  const resumed = yieldToMain().then(() => order.push('resumed'));
  await Promise.resolve();
  expect(order).toEqual([]); // not a microtask: the rest of this task and the queued one come first
  await resumed;
  expect(order).toEqual(['queued task', 'resumed']);
});

test("uses the browser's scheduler.yield where there is one", async () => {
  const schedulerYield = jest.fn(() => Promise.resolve());
  (globalThis as SchedulerGlobal).scheduler = { yield: schedulerYield };
  await yieldToMain();
  expect(schedulerYield).toHaveBeenCalledTimes(1);
});

test('says whether a yield resumes ahead of other work (scheduler.yield) or not', () => {
  expect(yieldsAhead()).toBe(false);
  (globalThis as SchedulerGlobal).scheduler = { yield: () => Promise.resolve() };
  expect(yieldsAhead()).toBe(true);
});
