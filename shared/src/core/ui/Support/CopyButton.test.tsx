import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COPY_FAILED_TEXT, CopyButton } from './CopyButton';

describe('CopyButton (product rules, Errors and messages: copy failure)', () => {
  it('copies the value with the clipboard API', async () => {
    const user = userEvent.setup();
    const write = jest.spyOn(navigator.clipboard, 'writeText');
    render(<CopyButton value="support@haven.test" label="e-mail" />);
    await user.click(screen.getByRole('button', { name: 'Copy e-mail' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Copied');
    expect(write).toHaveBeenCalledWith('support@haven.test');
  });

  it("says 'Unable to copy' when the clipboard refuses", async () => {
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    render(<CopyButton value="+442079460124" label="phone" />);
    await user.click(screen.getByRole('button', { name: 'Copy phone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(COPY_FAILED_TEXT);
    expect(COPY_FAILED_TEXT).toBe('Unable to copy');
  });
});
