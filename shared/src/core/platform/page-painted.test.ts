import { afterPagePainted, markPagePainted, resetPagePaintedForTests } from './page-painted';

beforeEach(() => {
  jest.useFakeTimers();
  resetPagePaintedForTests();
});
afterEach(() => jest.useRealTimers());

const settled = (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  return () => done;
};

test('waits for a page to paint, then for an idle period', async () => {
  const isDone = settled(afterPagePainted(3000));
  await jest.advanceTimersByTimeAsync(2000);
  expect(isDone()).toBe(false);
  markPagePainted();
  await jest.advanceTimersByTimeAsync(5);
  expect(isDone()).toBe(true);
});

test('starts anyway when no page paints within the time limit', async () => {
  const isDone = settled(afterPagePainted(3000));
  await jest.advanceTimersByTimeAsync(2999);
  expect(isDone()).toBe(false);
  await jest.advanceTimersByTimeAsync(10);
  expect(isDone()).toBe(true);
});

test('a page that has already painted: the next idle period', async () => {
  markPagePainted();
  const isDone = settled(afterPagePainted(3000));
  await jest.advanceTimersByTimeAsync(5);
  expect(isDone()).toBe(true);
});
