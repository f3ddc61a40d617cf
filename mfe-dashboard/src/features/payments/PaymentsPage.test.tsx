import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API, installApiTestKit, json, server, userLocationInIndia } from '../../test/api-test-kit';
import { saveBlob } from '../common/save-blob';
import { attachmentName } from './api/payment-calls';
import { PaymentsPage } from './PaymentsPage';

jest.mock('../common/save-blob', () => ({ saveBlob: jest.fn() }));
installApiTestKit();
jest.setTimeout(30_000);

const PAID = {
  booking_uuid: 'b-paid',
  booking_status: 'completed',
  start_time: '2026-11-16T05:30:00.000Z',
  provider: { firstname: 'Ananya', lastname: 'Rao' },
  amount: 1500,
  currency: 'INR',
  paid_at: '2026-11-13T05:30:00.000Z',
  invoice_number: 'INV-2026-000001',
  refund: null,
  credit_note_number: null,
  extension: null,
  unapplied: false,
  for_profile: null,
};
const REFUNDED = {
  ...PAID,
  booking_uuid: 'b-refunded',
  booking_status: 'cancelled',
  provider: { firstname: 'Rahul', lastname: 'Mehta' },
  amount: 900,
  invoice_number: 'INV-2026-000002',
  refund: { amount: 900, currency: 'INR', status: 'processed' },
  credit_note_number: 'CN-2026-000001',
};
const PDF = '%PDF-1.3 test';

beforeEach(() => {
  jest.mocked(saveBlob).mockClear();
  server.use(
    http.get(`${API}/customers/payments`, () => json({ data: [PAID, REFUNDED] })),
    userLocationInIndia(),
    http.get(
      `${API}/customers/bookings/:uuid/:kind`,
      ({ params }) =>
        new HttpResponse(PDF, {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="${params.kind === 'invoice' ? 'INV-2026-000001' : 'CN-2026-000001'}.pdf"`,
          },
        }),
    ),
  );
});

const row = async (name: string) => (await screen.findByText(name)).closest('li')!;

test('each paid session offers its invoice; a refunded one its credit note too', async () => {
  render(<PaymentsPage />);
  const paid = await row('Ananya Rao');
  expect(paid).toHaveTextContent('₹1,500 · Completed · Invoice INV-2026-000001');
  expect(within(paid).queryByRole('button', { name: /credit note/ })).toBeNull();
  const refunded = await row('Rahul Mehta');
  expect(refunded).toHaveTextContent('Cancelled, refunded ₹900');
  expect(refunded).toHaveTextContent('Credit note CN-2026-000001');

  await userEvent.click(within(refunded).getByRole('button', { name: /Download credit note for Rahul Mehta/ }));
  await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
  const [blob, name] = jest.mocked(saveBlob).mock.calls[0]!;
  expect(name).toBe('CN-2026-000001.pdf');
  expect(await (blob as Blob).text()).toBe(PDF);
});

test('a paid session extension is a row of its own whose download is the extension invoice', async () => {
  const EXTENDED = {
    ...PAID,
    amount: 450,
    paid_at: '2026-11-16T06:15:00.000Z',
    invoice_number: 'EXT-2026-000001',
    extension: { uuid: 'e-1', minutes: 15 },
  };
  const asked: string[] = [];
  server.use(
    http.get(`${API}/customers/payments`, () => json({ data: [EXTENDED, PAID] })),
    http.get(`${API}/customers/session_extensions/:uuid/invoice`, ({ params }) => {
      asked.push(String(params.uuid));
      return new HttpResponse(PDF, {
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="EXT-2026-000001.pdf"' },
      });
    }),
  );
  render(<PaymentsPage />);
  const rows = await screen.findAllByRole('listitem');
  expect(rows).toHaveLength(2);
  expect(rows[0]).toHaveTextContent('extended by 15 min');
  expect(rows[0]).toHaveTextContent('₹450 · Session extension · Invoice EXT-2026-000001');
  expect(rows[1]).toHaveTextContent('₹1,500 · Completed · Invoice INV-2026-000001');
  await userEvent.click(within(rows[0]!).getByRole('button', { name: /Download extension invoice for Ananya Rao/ }));
  await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
  expect(jest.mocked(saveBlob).mock.calls[0]![1]).toBe('EXT-2026-000001.pdf');
  expect(asked).toEqual(['e-1']);
});

test("a refusal shows the api's sentence; a lost connection a clear message", async () => {
  server.use(
    http.get(`${API}/customers/bookings/:uuid/invoice`, () =>
      json({ message: 'This session has not been paid, so it has no invoice.', code: 'nothing_to_invoice' }, 409),
    ),
  );
  render(<PaymentsPage />);
  await userEvent.click(within(await row('Ananya Rao')).getByRole('button', { name: /Download invoice/ }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This session has not been paid, so it has no invoice.');
  server.use(http.get(`${API}/customers/bookings/:uuid/invoice`, () => HttpResponse.error()));
  await userEvent.click(within(await row('Ananya Rao')).getByRole('button', { name: /Download invoice/ }));
  expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't download the invoice: no connection to Haven.");
  expect(saveBlob).not.toHaveBeenCalled();
});

test('the list failing offers a retry; the file is named as the api names it', async () => {
  server.use(http.get(`${API}/customers/payments`, () => json({ message: 'boom' }, 500)));
  render(<PaymentsPage />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Your payments could not be loaded.');
  expect(attachmentName('attachment; filename="INV-2026-000007.pdf"')).toBe('INV-2026-000007.pdf');
  expect(attachmentName(undefined)).toBeNull();
});

test('a payment taken but not applied shows what it was for and where its refund stands, with nothing to download', async () => {
  const NOT_APPLIED = { ...PAID, invoice_number: null, unapplied: true };
  server.use(
    http.get(`${API}/customers/payments`, () =>
      json({
        data: [
          {
            ...NOT_APPLIED,
            amount: 300,
            extension: { uuid: 'e-2', minutes: 15 },
            refund: { amount: 300, currency: 'INR', status: 'processed' },
          },
          {
            ...NOT_APPLIED,
            booking_uuid: 'b-on-its-way',
            booking_status: 'expired',
            refund: { amount: 1500, currency: 'INR', status: 'requested' },
          },
          { ...NOT_APPLIED, booking_uuid: 'b-not-reserved', booking_status: 'expired', refund: null },
          {
            ...NOT_APPLIED,
            booking_uuid: 'b-failed',
            booking_status: 'expired',
            refund: { amount: 1500, currency: 'INR', status: 'failed' },
          },
          { ...REFUNDED, refund: { amount: 900, currency: 'INR', status: 'failed' } },
        ],
      }),
    ),
  );
  render(<PaymentsPage />);
  const rows = await screen.findAllByRole('listitem');
  expect(rows).toHaveLength(5);
  expect(rows[0]).toHaveTextContent('extension of 15 min');
  expect(rows[0]).toHaveTextContent('₹300 · Session extension not possible · Refunded in full');
  expect(rows[1]).toHaveTextContent('₹1,500 · Booking not confirmed: its time was released · Refund on its way');
  expect(rows[2]).toHaveTextContent('Refund on its way');
  expect(rows[3]).toHaveTextContent('Refund failed: our support team will refund it and contact you');
  for (const r of rows.slice(0, 4)) {
    expect(r).toHaveTextContent('No invoice was issued for this payment.');
    expect(within(r).queryByRole('button')).toBeNull();
  }
  expect(rows[4]).toHaveTextContent('Cancelled. Refund failed: our support team will refund it and contact you');
  expect(within(rows[4]!).queryByRole('button', { name: /credit note/ })).toBeNull();
});

test("a child's session in the parent's list: every row says whom it was for", async () => {
  const KIRANS = { ...PAID, booking_uuid: 'b-kiran', for_profile: { uuid: 'p-kiran', first_name: 'Kiran', last_name: 'Rao' } };
  server.use(http.get(`${API}/customers/payments`, () => json({ data: [KIRANS, REFUNDED] })));
  render(<PaymentsPage />);
  const list = await screen.findByRole('list', { name: 'Your payments' });
  const [kiran, own] = within(list).getAllByRole('listitem');
  expect(kiran).toHaveTextContent('For Kiran Rao');
  expect(own).toHaveTextContent('For you');
});

test("only the holder's own sessions: no 'For' line", async () => {
  render(<PaymentsPage />);
  await row('Ananya Rao');
  expect(screen.queryByText(/^For /)).toBeNull();
});
