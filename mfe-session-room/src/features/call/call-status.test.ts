import { callStatus, callStatusText, remainingTimeText, type CallFacts } from './call-status';

const base: CallFacts = { peer: 'joined', connection: 'none', everConnected: false, now: 1000, endsAt: 10_000 };

test.each<[string, Partial<CallFacts>, string]>([
  ['nobody else there yet', { peer: 'absent' }, 'waiting'],
  ['the other side is there, no connection yet', { connection: 'new' }, 'connecting'],
  ['media flowing', { connection: 'connected', everConnected: true }, 'connected'],
  ['a network blip after being connected', { connection: 'disconnected', everConnected: true }, 'reconnecting'],
  ['failed after being connected (an ICE restart follows)', { connection: 'failed', everConnected: true }, 'reconnecting'],
  [
    'the other side dropped off the database but had been connected',
    { peer: 'absent', connection: 'disconnected', everConnected: true },
    'reconnecting',
  ],
  ['the other side pressed Leave', { peer: 'left', connection: 'closed', everConnected: true }, 'peer-left'],
  ['the session time is over', { now: 10_000, connection: 'connected' }, 'ended'],
])('%s -> %s', (_case, facts, expected) => {
  expect(callStatus({ ...base, ...facts })).toBe(expected);
});

test('each status has its sentence naming the other person', () => {
  expect(callStatusText('waiting', 'your provider')).toBe('Waiting for your provider to join');
  expect(callStatusText('peer-left', 'Dr. Rao')).toBe('Dr. Rao has left the session');
});

test.each([
  [0, 12 * 60_000 + 5, '12 min left'],
  [0, 60_000, '1 min left'],
  [0, 59_999, 'Less than a minute left'],
  [0, 0, null],
])('remaining time from %p to %p: %p', (now, end, expected) => {
  expect(remainingTimeText(now, end)).toBe(expected);
});
