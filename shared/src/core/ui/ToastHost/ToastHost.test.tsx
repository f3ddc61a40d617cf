import { act, render, screen } from '@testing-library/react';
import { ToastHost, toast } from './ToastHost';

describe('ToastHost (product rules, Errors and messages: top-center, 2000 ms, no close button, coloured theme)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(async () => {
    await act(() => toast.dismiss());
    jest.useRealTimers();
  });

  it('renders nothing until the first toast (the library stays off the page until then)', () => {
    const { container } = render(<ToastHost />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows a toast at top-center, coloured, without a close button, closing after 2000 ms', async () => {
    render(<ToastHost />);
    act(() => {
      toast.error('Google Authentication failed!');
    });
    const message = await screen.findByText('Google Authentication failed!');
    const toastElement = message.closest('.Toastify__toast');
    expect(toastElement).toHaveClass('Toastify__toast-theme--colored', 'Toastify__toast--error');
    expect(document.querySelector('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-center');
    expect(screen.queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    expect(document.querySelector('.Toastify__close-button')).toBeNull();
    // the progress bar's animation is the auto-close timer
    expect(document.querySelector('.Toastify__progress-bar')).toHaveStyle({ animationDuration: '2000ms' });
  });
});
