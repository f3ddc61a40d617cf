import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, installApiTestKit, server } from '../../../test/api-test-kit';
import { TimeStep } from './TimeStep';

// Why a time is not free: the api's held times, the patient's own with a way to finish paying.
installApiTestKit();
jest.setTimeout(20_000);

test('held times say whose hold it is; the own one links to its payment', async () => {
  server.use(
    http.get(`${API}/providers/p-1/slots`, () =>
      HttpResponse.json({
        data: {
          timezone: 'Asia/Kolkata',
          date: '2026-12-02',
          slots: [{ start_time: '2026-12-02T07:30:00.000Z', end_time: '2026-12-02T08:20:00.000Z', display_time: '01:00 PM' }],
          held: [
            {
              start_time: '2026-12-02T05:30:00.000Z',
              display_time: '11:00 AM',
              held_until: '2026-12-01T10:15:00.000Z',
              booking_uuid: null,
            },
            {
              start_time: '2026-12-02T06:30:00.000Z',
              display_time: '12:00 PM',
              held_until: '2026-12-01T10:20:00.000Z',
              booking_uuid: 'b-mine',
            },
          ],
        },
      }),
    ),
    http.get(`${API}/providers/p-1/schedule_discounts`, () => HttpResponse.json({ data: { slots: [] } })),
  );
  render(
    <TimeStep
      providerUuid="p-1"
      date="2026-12-02"
      zone="Asia/Kolkata"
      notice={null}
      onZone={jest.fn()}
      onPick={jest.fn()}
      onOtherDate={jest.fn()}
    />,
  );
  const held = within(await screen.findByRole('list', { name: 'Held times' }, { timeout: 10_000 })).getAllByRole('listitem');
  expect(held[0]).toHaveTextContent(
    '11:00 AM is held for another patient who is paying for it, until 03:45 PM at the latest. If they do not pay, it becomes free again.',
  );
  expect(within(held[0]!).queryByRole('link')).toBeNull();
  expect(held[1]).toHaveTextContent('12:00 PM is held for you until 03:50 PM, waiting for your payment.');
  expect(within(held[1]!).getByRole('link', { name: 'Finish paying for it' })).toHaveAttribute(
    'href',
    '/booking?provider=p-1&step=6&booking=b-mine&tz=Asia%2FKolkata',
  );
  const free = within(screen.getByRole('list', { name: /^Free times/ })).getAllByRole('button');
  expect(free).toHaveLength(1);
  // Label in name: the button's name begins with the time it shows, then the full day and zone.
  expect(free[0]).toHaveTextContent(/^01:00 PM$/);
  expect(free[0]).toHaveAccessibleName(/^01:00 PM, Wednesday, 2 December 2026 at 1:00 pm India Standard Time$/);
});
