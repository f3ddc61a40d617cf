import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, installApiTestKit, server } from '../../../test/api-test-kit';
import { DateStep } from './DateStep';

// Label in name (WCAG 2.5.3): a date button's accessible name begins with what it shows.
installApiTestKit();
jest.setTimeout(20_000);

test("a date button's name begins with its day and count, as shown; a day with nothing free is no button", async () => {
  server.use(
    http.get(`${API}/providers/p-1/schedule_counts`, () =>
      HttpResponse.json({
        data: {
          days: [
            { date: '2026-12-07', slots_count: 6, best_discount_percent: 0 },
            { date: '2026-12-08', slots_count: 1, best_discount_percent: 20 },
            { date: '2026-12-09', slots_count: 0, best_discount_percent: 0 },
          ],
        },
      }),
    ),
  );
  render(<DateStep providerUuid="p-1" zone="Asia/Kolkata" selected={null} onZone={jest.fn()} onPick={jest.fn()} />);
  const buttons = within(await screen.findByRole('list', { name: 'Dates with free times' }, { timeout: 10_000 })).getAllByRole('button');
  expect(buttons).toHaveLength(2);
  expect(buttons[0]).toHaveAccessibleName(/^Mon 7 Dec, 6 free, /);
  expect(buttons[1]).toHaveAccessibleName(/^Tue 8 Dec, 1 free, 20% off, /);
});
