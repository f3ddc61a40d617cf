import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { setRuntimeConfig } from '@haven/shared';
import { ExtendSession } from './ExtendSession';

const API = 'http://localhost/api/v1';
const server = setupServer();
const END = Date.parse('2026-11-27T11:00:00.000Z');
const MIN = 60_000;
const quote = (over: Record<string, unknown> = {}) => ({
  minutes: 15,
  amount: 300,
  currency: 'INR',
  used: 0,
  cap: 2,
  refusal: null,
  ...over,
});
let calls: string[] = [];

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  setRuntimeConfig({
    stage: 'test',
    siteBaseUrl: 'http://localhost',
    apiBaseUrl: API,
    realtimeDatabaseUrl: 'http://localhost:4100?ns=x',
    firebase: { apiKey: 'k', projectId: 'p' },
    partnerIntegrationsHost: 'p.localhost',
    remotes: {},
  });
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  calls = [];
  server.resetHandlers(
    http.get(`${API}/customers/bookings/:uuid/extension`, () => HttpResponse.json({ data: quote() })),
    http.post(`${API}/customers/bookings/:uuid/extensions`, () => {
      calls.push('extensions');
      return HttpResponse.json(
        {
          data: {
            extension: { uuid: 'e-1', minutes: 15, amount: 300, currency: 'INR', status: 'pending' },
            transaction: { transaction_id: 't-1', gateway: 'simulated', amount: 300 },
            booking: { end_time: '2026-11-27T11:00:00.000Z' },
          },
        },
        { status: 201 },
      );
    }),
    http.post(`${API}/payments/:id/simulate`, () => {
      calls.push('simulate');
      return HttpResponse.json({ data: { booking: { end_time: '2026-11-27T11:15:00.000Z' } } });
    }),
  );
});

test('not offered before the last 10 minutes (no quote asked)', async () => {
  let asked = 0;
  server.use(http.get(`${API}/customers/bookings/:uuid/extension`, () => (asked++, HttpResponse.json({ data: quote() }))));
  render(<ExtendSession sessionId="b-1" endsAt={END} now={END - 11 * MIN} onExtended={jest.fn()} />);
  await new Promise((r) => setTimeout(r, 50));
  expect(screen.queryByRole('button', { name: /Extend/ })).toBeNull();
  expect(asked).toBe(0);
});

test('in the last minutes: the price from the quote, a labelled dialog, paid, and the new end handed back', async () => {
  const onExtended = jest.fn();
  render(<ExtendSession sessionId="b-1" endsAt={END} now={END - 5 * MIN} onExtended={onExtended} />);
  const open = await screen.findByRole('button', { name: 'Extend by 15 minutes' });
  await userEvent.click(open);
  const dialog = screen.getByRole('dialog', { name: 'Extend your session by 15 minutes?' });
  expect(dialog).toHaveAccessibleDescription('It costs ₹300, paid now.');
  await userEvent.click(screen.getByRole('button', { name: 'Pay ₹300 and extend' }));
  await waitFor(() => expect(onExtended).toHaveBeenCalledWith('2026-11-27T11:15:00.000Z'));
  expect(calls).toEqual(['extensions', 'simulate']);
  expect(screen.queryByRole('dialog')).toBeNull();
});

test("a refusal while confirming shows the api's reason in the dialog; the cap reached hides the offer", async () => {
  server.use(
    http.post(`${API}/customers/bookings/:uuid/extensions`, () =>
      HttpResponse.json(
        {
          message: 'Your provider has another session right after this one, so this one cannot be extended.',
          code: 'extension_provider_busy',
        },
        { status: 409 },
      ),
    ),
  );
  const onExtended = jest.fn();
  const { unmount } = render(<ExtendSession sessionId="b-1" endsAt={END} now={END - 5 * MIN} onExtended={onExtended} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Extend by 15 minutes' }));
  await userEvent.click(screen.getByRole('button', { name: 'Pay ₹300 and extend' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Your provider has another session right after this one');
  expect(onExtended).not.toHaveBeenCalled();
  unmount();

  server.use(http.get(`${API}/customers/bookings/:uuid/extension`, () => HttpResponse.json({ data: quote({ used: 2 }) })));
  render(<ExtendSession sessionId="b-1" endsAt={END} now={END - 5 * MIN} onExtended={onExtended} />);
  await new Promise((r) => setTimeout(r, 50));
  expect(screen.queryByRole('button', { name: /Extend by/ })).toBeNull();
});

test('a free extension: no charge said, no payment step', async () => {
  server.use(
    http.get(`${API}/customers/bookings/:uuid/extension`, () => HttpResponse.json({ data: quote({ amount: 0 }) })),
    http.post(`${API}/customers/bookings/:uuid/extensions`, () =>
      HttpResponse.json(
        { data: { extension: { uuid: 'e-2', status: 'applied' }, transaction: null, booking: { end_time: '2026-11-27T11:15:00.000Z' } } },
        { status: 201 },
      ),
    ),
  );
  const onExtended = jest.fn();
  render(<ExtendSession sessionId="b-1" endsAt={END} now={END - MIN} onExtended={onExtended} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Extend by 15 minutes' }));
  expect(screen.getByRole('dialog')).toHaveAccessibleDescription('There is no charge for it.');
  await userEvent.click(screen.getByRole('button', { name: 'Extend' }));
  await waitFor(() => expect(onExtended).toHaveBeenCalledWith('2026-11-27T11:15:00.000Z'));
});
