import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { havenStore, takeSignedOutNotice } from '@haven/shared';
import { SignedOutNotice } from './SignedOutNotice';

const ELSEWHERE = 'You were signed out in another tab or window. Log in again to carry on.';

afterEach(() => {
  window.sessionStorage.clear();
  act(() => havenStore.getState().auth.reset());
});

test('a tab sent to the landing page says why there, once', async () => {
  window.sessionStorage.setItem('signedOutNotice', 'elsewhere');
  const { unmount } = render(<SignedOutNotice />);
  expect(await screen.findByRole('status')).toHaveTextContent(ELSEWHERE);
  expect(takeSignedOutNotice()).toBeNull(); // read and forgotten
  unmount();
  render(<SignedOutNotice />);
  expect(screen.queryByRole('status')).toBeNull();
});

test('a tab that stays hears it at once; Dismiss and a new sign-in take it away', async () => {
  render(<SignedOutNotice />);
  expect(screen.queryByRole('status')).toBeNull();
  act(() => {
    window.dispatchEvent(new CustomEvent('haven:signed-out-notice', { detail: 'expired' }));
  });
  expect(await screen.findByRole('status')).toHaveTextContent('Your session has ended. Log in again to carry on.');
  await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByRole('status')).toBeNull();

  act(() => {
    window.dispatchEvent(new CustomEvent('haven:signed-out-notice', { detail: 'elsewhere' }));
  });
  expect(await screen.findByRole('status')).toHaveTextContent(ELSEWHERE);
  act(() => havenStore.getState().auth.update({ user: { id: 1, email: 'a@b.test' } as never }));
  expect(screen.queryByRole('status')).toBeNull();
});
