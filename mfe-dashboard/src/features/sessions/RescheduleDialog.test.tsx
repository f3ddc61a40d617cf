// Rescheduling: the provider's free times of the chosen day; times that could not be loaded say so with a way
// to load them again, and never read as a day with no free times.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API, installApiTestKit, json, server } from '../../test/api-test-kit';
import { RescheduleDialog } from './RescheduleDialog';
import type { SessionBooking } from './api/session-calls';

installApiTestKit();
let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

const booking = {
  uuid: 'b-1',
  status: 'confirmed',
  start_time: '2030-01-07T05:30:00.000Z',
  end_time: '2030-01-07T06:20:00.000Z',
  mode: 'online',
  session_type: 'individual',
  provider: { firstname: 'Ananya', lastname: 'Rao', uuid: 'p-1', roles: ['therapist'] },
} as unknown as SessionBooking;

it('free times that could not be loaded are said so, and Try again loads them', async () => {
  let calls = 0;
  server.use(
    http.get(`${API}/providers/p-1/slots`, () => {
      calls += 1;
      if (calls === 1) return HttpResponse.json({ message: 'down' }, { status: 500 });
      return json({ data: { slots: [{ start_time: '2030-01-07T06:30:00.000Z', display_time: '12:00 pm' }] } });
    }),
  );
  render(<RescheduleDialog booking={booking} zone="Asia/Kolkata" onClose={jest.fn()} onRescheduled={jest.fn()} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('The free times could not be loaded. Try again');
  expect(screen.queryByText(/No free times on this day/)).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('radio', { name: '12:00 pm' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(calls).toBe(2);
});
