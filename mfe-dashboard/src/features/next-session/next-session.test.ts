import type { Booking } from '@haven/shared';
import { nextSessionAnchor, nextSessionHref } from './next-session';

const b = (uuid: string, start: string, status = 'confirmed') => ({ uuid, start_time: start, status }) as Booking;

describe('nextSessionAnchor', () => {
  it.each([
    [
      'the soonest confirmed upcoming',
      [b('late', '2026-12-09T10:00:00Z'), b('pending', '2026-12-01T10:00:00Z', 'pending'), b('soon', '2026-12-02T10:00:00Z')],
      [b('old', '2026-11-01T10:00:00Z')],
      'soon',
    ],
    [
      'only pending upcoming: the soonest',
      [b('p2', '2026-12-05T10:00:00Z', 'pending'), b('p1', '2026-12-03T10:00:00Z', 'pending')],
      [],
      'p1',
    ],
    [
      'no upcoming: the latest completed',
      [],
      [b('older', '2026-10-01T10:00:00Z', 'completed'), b('latest', '2026-11-10T10:00:00Z', 'completed')],
      'latest',
    ],
    ['nothing', [], [], null],
  ])('%s', (_case, upcoming, completed, expected) => {
    expect(nextSessionAnchor(upcoming, completed)?.uuid ?? null).toBe(expected);
  });
});

describe('nextSessionHref', () => {
  const n = {
    provider: { uuid: 'p-1', firstname: 'K', lastname: 'S' },
    mode: 'online',
    session_type: 'couple',
    duration_minutes: 50,
    clinic_centre_id: null,
  };
  it('opens Confirm with the time chosen, the date in the patient zone', () => {
    const href = new URL(nextSessionHref(n, '2026-11-30T20:30:00.000Z', 'Asia/Kolkata'), 'https://x.test');
    expect(href.pathname).toBe('/booking');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      provider: 'p-1',
      step: '5',
      mode: 'online',
      type: 'couple',
      duration: '50',
      date: '2026-12-01',
      slot: '2026-11-30T20:30:00.000Z',
      tz: 'Asia/Kolkata',
    });
  });
  it('keeps the clinic of an offline session', () => {
    expect(
      new URL(
        nextSessionHref({ ...n, mode: 'offline', clinic_centre_id: 4 }, '2026-11-30T06:30:00.000Z', 'UTC'),
        'https://x.test',
      ).searchParams.get('centre'),
    ).toBe('4');
  });
});
