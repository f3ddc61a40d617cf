import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LogInPage } from './LogInPage';
import { installPageTestKit, renderAt } from '../test/page-test-kit';

// The code form's chunk cannot be fetched (offline, a deploy in between): its tab says so, the password
// form keeps working, and the failure is reported (by the error boundary and the prefetch).
jest.mock('./OtpForm', () => {
  throw new Error('Loading chunk otp-form failed');
});
jest.mock('../../../../shared/src/core/realtime/realtime-client', () => jest.requireActual('../test/page-test-kit').realtimeMock);

installPageTestKit();

it('a code form that cannot be loaded is said in its tab; the password form stays usable', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const user = userEvent.setup();
    renderAt('/auth/log-in/', '/auth/log-in/*', <LogInPage />);
    await user.click(screen.getByRole('button', { name: 'One-time code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The one-time code form could not be loaded. Check your internet connection and reload the page, or log in with your password.',
    );
    await user.click(screen.getByRole('button', { name: 'Password' }));
    const password = within(screen.getByRole('form', { name: 'Log in with e-mail and password' }));
    await user.type(password.getByLabelText('E-mail'), 'asha@example.com');
    expect(password.getByLabelText('E-mail')).toHaveValue('asha@example.com');
    // Outside production the reporter writes to the console (report-error.ts).
    expect(consoleError).toHaveBeenCalledWith(
      '[haven]',
      expect.objectContaining({ message: 'Loading chunk otp-form failed' }),
      expect.anything(),
    );
  } finally {
    consoleError.mockRestore();
  }
});
