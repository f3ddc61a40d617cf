import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { API, installApiTestKit, json, server } from '../../test/api-test-kit';
import { InviteFriendPage, joinedText } from './InviteFriendPage';

installApiTestKit();

const referrals = (joined_count: number) =>
  server.use(http.get(`${API}/customers/referrals`, () => json({ data: { code: 'ABCD2345', short_link: '/s/ABCD2345', joined_count } })));

describe('InviteFriendPage', () => {
  afterEach(() => {
    delete (navigator as { share?: unknown }).share;
  });

  it('shows the full invite link and the count, and copies the link', async () => {
    referrals(2);
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<InviteFriendPage />);
    const field = await screen.findByLabelText('Your invite link', {}, { timeout: 5000 });
    expect(field).toHaveValue(`${window.location.origin}/s/ABCD2345`);
    expect(screen.getByText('2 friends have joined with your link.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/s/ABCD2345`);
    expect(screen.getByRole('status')).toHaveTextContent('Link copied.');
    // One heading per thing: the account frame's h1 says "Invite a friend", the page does not repeat it.
    expect(screen.queryByRole('heading', { name: 'Invite a friend' })).toBeNull();
  });

  it('offers Share where the device can share; closing the sheet is no error', async () => {
    referrals(0);
    const share = jest.fn().mockRejectedValue(Object.assign(new Error('closed'), { name: 'AbortError' }));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    render(<InviteFriendPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `${window.location.origin}/s/ABCD2345` }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a failed load says so with a retry', async () => {
    server.use(http.get(`${API}/customers/referrals`, () => json({ message: 'boom' }, 500)));
    render(<InviteFriendPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your invite link could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it.each([
    [0, 'No friends have joined with your link yet.'],
    [1, '1 friend has joined with your link.'],
    [5, '5 friends have joined with your link.'],
  ])('%i joined: %s', (n, text) => expect(joinedText(n)).toBe(text));
});
