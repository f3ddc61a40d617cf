import { createEventBus, eventBus } from './event-bus';

interface TestEvents {
  ping: { n: number };
  other: { s: string };
}

test('on / emit / off deliver typed payloads to the right handlers', () => {
  const bus = createEventBus<TestEvents>();
  const ping = jest.fn();
  const other = jest.fn();
  const unsubscribe = bus.on('ping', ping);
  bus.on('other', other);
  bus.emit('ping', { n: 1 });
  expect(ping).toHaveBeenCalledWith({ n: 1 });
  expect(other).not.toHaveBeenCalled();
  unsubscribe();
  bus.emit('ping', { n: 2 });
  bus.off('other', other);
  bus.emit('other', { s: 'x' });
  expect(ping).toHaveBeenCalledTimes(1);
  expect(other).not.toHaveBeenCalled();
});

test('once fires a single time', () => {
  const bus = createEventBus<TestEvents>();
  const handler = jest.fn();
  bus.once('ping', handler);
  bus.emit('ping', { n: 1 });
  bus.emit('ping', { n: 2 });
  expect(handler).toHaveBeenCalledTimes(1);
  expect(handler).toHaveBeenCalledWith({ n: 1 });
});

test('a throwing handler is reported and does not stop the others', () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const bus = createEventBus<TestEvents>();
  const after = jest.fn();
  bus.on('ping', () => {
    throw new Error('bad handler');
  });
  bus.on('ping', after);
  expect(() => bus.emit('ping', { n: 1 })).not.toThrow();
  expect(after).toHaveBeenCalled();
  expect(consoleError).toHaveBeenCalledWith('[haven]', new Error('bad handler'), { event: 'ping' });
  consoleError.mockRestore();
});

test('the shared bus carries the platform events', () => {
  const handler = jest.fn();
  const off = eventBus.on('session:lost', handler);
  eventBus.emit('session:lost', { status: 401 });
  off();
  expect(handler).toHaveBeenCalledWith({ status: 401 });
});
