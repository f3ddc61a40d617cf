import { bootInStages, nextTask, warmIntlOffMainThread } from './index';

type SchedulerGlobal = { scheduler?: { yield?: () => Promise<void> } };
type WorkerGlobal = { Worker?: unknown };
const realWorker = (globalThis as WorkerGlobal).Worker;

afterEach(() => {
  delete (globalThis as SchedulerGlobal).scheduler;
  (globalThis as WorkerGlobal).Worker = realWorker;
  jest.restoreAllMocks();
});

test('each stage starts in a task of its own, after the one before has finished', async () => {
  const order: string[] = [];
  const stage = (name: string) => () => {
    order.push(`${name} starts`);
    // Work queued by a stage (a task) runs before the next stage starts.
    setTimeout(() => order.push(`${name}'s queued task`), 0);
    return Promise.resolve().then(() => order.push(`${name} done`));
  };
  const booted = bootInStages([stage('runtime'), stage('react-dom'), stage('app')]);
  await Promise.resolve();
  expect(order).toEqual([]); // the entry's own task ends first
  await booted;
  expect(order).toEqual([
    'runtime starts',
    'runtime done',
    "runtime's queued task",
    'react-dom starts',
    'react-dom done',
    "react-dom's queued task",
    'app starts',
    'app done',
  ]);
});

test('a failing stage rejects the boot and the stages after it do not run', async () => {
  const after = jest.fn(() => Promise.resolve());
  await expect(bootInStages([() => Promise.reject(new Error('ChunkLoadError')), after])).rejects.toThrow('ChunkLoadError');
  expect(after).not.toHaveBeenCalled();
});

test("uses the browser's scheduler.yield between stages where there is one", async () => {
  const schedulerYield = jest.fn(() => Promise.resolve());
  (globalThis as SchedulerGlobal).scheduler = { yield: schedulerYield };
  await nextTask();
  await bootInStages([() => Promise.resolve(), () => Promise.resolve()]);
  expect(schedulerYield).toHaveBeenCalledTimes(3);
});

test.each([
  ['a browser with workers', true],
  ['no Worker at all', false],
])('the ICU warm-up: %s', (_case, hasWorker) => {
  const started: string[] = [];
  (globalThis as WorkerGlobal).Worker = hasWorker
    ? class {
        constructor(url: string) {
          started.push(url);
        }
      }
    : undefined;
  warmIntlOffMainThread();
  expect(started).toEqual(hasWorker ? ['/warm-intl.js'] : []);
});

test('a worker the page may not start leaves the boot going, with a warning', () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  (globalThis as WorkerGlobal).Worker = class {
    constructor() {
      throw new DOMException('blocked by the worker-src policy', 'SecurityError');
    }
  };
  expect(() => warmIntlOffMainThread()).not.toThrow();
  expect(warn).toHaveBeenCalledWith('[boot] ICU warm-up worker not started', expect.any(DOMException));
});
