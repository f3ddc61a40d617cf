import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CreditHistory } from './CreditHistory';
import { fetchCreditHistory, type CreditHistory as History } from './api/package-calls';

jest.mock('./api/package-calls', () => ({ fetchCreditHistory: jest.fn() }));
jest.mock('@haven/shared', () => ({ ...jest.requireActual<object>('@haven/shared'), browserTimeZone: () => 'Asia/Kolkata' }));
const fetched = jest.mocked(fetchCreditHistory);

const HISTORY: History = {
  total: 6,
  credits_left: 5,
  history: [
    {
      kind: 'returned',
      at: '2026-11-20T10:00:00.000Z',
      booking_uuid: 'b-2',
      session_start: '2026-12-02T05:30:00.000Z',
      provider_name: 'Ananya Iyer',
      for_name: 'Ravi',
      credits_left: 5,
    },
    {
      kind: 'used',
      at: '2026-11-19T10:00:00.000Z',
      booking_uuid: 'b-2',
      session_start: '2026-12-02T05:30:00.000Z',
      provider_name: 'Ananya Iyer',
      for_name: 'Ravi',
      credits_left: 4,
    },
  ],
};

beforeEach(() => fetched.mockReset());

test('reads the history only when opened, and lists each credit used and given back, newest first', async () => {
  fetched.mockResolvedValue(HISTORY);
  render(<CreditHistory />);
  expect(fetched).not.toHaveBeenCalled();
  await userEvent.click(screen.getByText('Where your sponsored sessions went'));
  const list = await screen.findByRole('list', { name: 'Sponsored sessions, newest first' });
  const items = Array.from(list.querySelectorAll('li')).map((li) => li.textContent);
  expect(items).toEqual([
    'Given back: 02 Dec 2026, 11:00 AM with Ananya Iyer (Ravi) was cancelled. 5 left after this.',
    'Used for 02 Dec 2026, 11:00 AM with Ananya Iyer (Ravi). 4 left after this.',
  ]);
  expect(fetched).toHaveBeenCalledTimes(1);
});

test('says so when nothing was used yet, and offers a retry when the read fails', async () => {
  fetched.mockResolvedValueOnce({ total: 6, credits_left: 6, history: [] });
  const { unmount } = render(<CreditHistory />);
  await userEvent.click(screen.getByText('Where your sponsored sessions went'));
  expect(await screen.findByText('You have not used a sponsored session yet.')).toBeInTheDocument();
  unmount();

  fetched.mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(HISTORY);
  render(<CreditHistory />);
  await userEvent.click(screen.getByText('Where your sponsored sessions went'));
  expect(await screen.findByRole('alert')).toHaveTextContent('Your sponsored sessions could not be loaded.');
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('list', { name: 'Sponsored sessions, newest first' })).toBeInTheDocument();
});
