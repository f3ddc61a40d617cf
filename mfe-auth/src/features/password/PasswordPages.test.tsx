import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { havenStore, setCredentials } from '@haven/shared';
import { ChangePasswordPage } from './ChangePasswordPage';
import { CreatePasswordPage } from './CreatePasswordPage';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { SetPasswordPage } from './SetPasswordPage';
import { API, apiUser, calls, credHeaders, installPageTestKit, json, renderAt, server } from '../test/page-test-kit';

jest.mock('../../../../shared/src/core/realtime/realtime-client', () => jest.requireActual('../test/page-test-kit').realtimeMock);

installPageTestKit();

const location = () => screen.getByTestId('location').textContent;
function signIn() {
  setCredentials({ 'access-token': 't', client: 'c', uid: 'asha@example.com', expiry: '1900000000' });
  havenStore.getState().auth.update({ user: apiUser(), loading: false });
}

describe('ForgotPasswordPage', () => {
  it.each([
    ['an answer naming the address', () => json({ success: true, message: "An email has been sent to 'asha@example.com'" })],
    ['an old api’s 404 for an unknown address', () => json({ message: "Unable to find user with email 'asha@example.com'." }, 404)],
  ])('sends the reset link and shows the neutral text, whatever the api says (%s)', async (_, answer) => {
    server.use(http.post(`${API}/auth/password`, answer));
    const user = userEvent.setup();
    renderAt('/forgot-password', '/forgot-password/*', <ForgotPasswordPage />);
    await user.type(screen.getByLabelText('E-mail'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText('If an account exists for asha@example.com, we have sent a link to reset your password.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Unable to find|has been sent/)).toBeNull();
    expect(JSON.parse(calls('POST', '/auth/password')[0]?.body ?? '{}')).toMatchObject({
      email: 'asha@example.com',
      redirect_url: 'http://localhost/set-password',
    });
  });

  it('rate-limited: counts down from Retry-After and keeps the address', async () => {
    server.use(
      http.post(`${API}/auth/password`, () =>
        json({ message: 'Too many requests', code: 'rate_limited', retry_after: 60 }, 429, { 'Retry-After': '60' }),
      ),
    );
    const user = userEvent.setup();
    renderAt('/forgot-password', '/forgot-password/*', <ForgotPasswordPage />);
    await user.type(screen.getByLabelText('E-mail'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('button', { name: /^Send reset link \(wait (60|59)s\)$/ })).toBeDisabled();
    expect(screen.getByLabelText('E-mail')).toHaveValue('asha@example.com');
  });
});

describe('SetPasswordPage', () => {
  it('sets the password from the link and logs in', async () => {
    server.use(http.put(`${API}/auth/password`, () => json({ success: true, data: apiUser(), message: 'ok' }, 200, credHeaders)));
    const user = userEvent.setup();
    renderAt('/set-password?reset_password_token=rt-1&redirectPath=%2Ft-p', '/set-password/*', <SetPasswordPage />);
    await user.type(screen.getByLabelText('New password'), 'Haven#2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'Haven#2026');
    await user.click(screen.getByRole('button', { name: 'Save password and log in' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(JSON.parse(calls('PUT', '/auth/password')[0]?.body ?? '{}')).toEqual({
      reset_password_token: 'rt-1',
      password: 'Haven#2026',
      password_confirmation: 'Haven#2026',
    });
  });

  it('an expired or used link says so and offers a new one in place', async () => {
    server.use(
      http.put(`${API}/auth/password`, () =>
        json(
          { message: 'Reset password token is invalid or has expired', errors: ['Reset password token is invalid or has expired'] },
          422,
        ),
      ),
      http.post(`${API}/auth/password`, () => json({ success: true, message: 'sent' })),
    );
    const user = userEvent.setup();
    renderAt('/set-password?reset_password_token=old', '/set-password/*', <SetPasswordPage />);
    await user.type(screen.getByLabelText('New password'), 'Haven#2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'Haven#2026');
    await user.click(screen.getByRole('button', { name: 'Save password and log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link has expired or was already used.');
    expect(screen.queryByText(/reset password token/i)).toBeNull();
    const form = within(screen.getByRole('form', { name: 'Send a new link' }));
    await user.type(form.getByLabelText('E-mail'), 'asha@example.com');
    await user.click(form.getByRole('button', { name: 'Send a new link' }));
    expect(
      await screen.findByText('If an account exists for asha@example.com, we have sent a link to reset your password.'),
    ).toBeInTheDocument();
    expect(location()).toBe('/set-password?reset_password_token=old');
  });

  it('without a token it offers the reset e-mail', () => {
    renderAt('/set-password', '/set-password/*', <SetPasswordPage />);
    expect(screen.getByRole('link', { name: 'Send me a reset link' })).toBeInTheDocument();
  });
});

describe('ChangePasswordPage and CreatePasswordPage', () => {
  it('asks to log in when nobody is', () => {
    renderAt('/change-password', '/change-password/*', <ChangePasswordPage />);
    expect(screen.getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/auth/log-in/?redirectPath=%2Fchange-password');
  });

  it('changes the password with the current one', async () => {
    signIn();
    server.use(
      http.put(`${API}/auth/password`, () =>
        json({ success: true, data: apiUser(), message: 'Your password has been successfully updated.' }),
      ),
    );
    const user = userEvent.setup();
    renderAt('/change-password', '/change-password/*', <ChangePasswordPage />);
    const form = within(screen.getByRole('form', { name: 'Change password' }));
    await user.type(form.getByLabelText('Current password'), 'Old#2026x');
    await user.type(form.getByLabelText('New password'), 'Haven#2026');
    await user.type(form.getByLabelText('Confirm new password'), 'Haven#2026');
    await user.click(form.getByRole('button', { name: 'Save password' }));
    const confirmation = await within(screen.getByRole('form', { name: 'Change password' })).findByText('Your new password is saved.');
    await waitFor(() => expect(confirmation).toHaveFocus());
    expect(JSON.parse(calls('PUT', '/auth/password')[0]?.body ?? '{}')).toEqual({
      current_password: 'Old#2026x',
      password: 'Haven#2026',
      password_confirmation: 'Haven#2026',
    });
    // Cleared after success: nothing of the old or new password stays on screen.
    for (const label of ['Current password', 'New password', 'Confirm new password']) expect(form.getByLabelText(label)).toHaveValue('');
  });

  it('a wrong current password: on that field, in words, focused; the new one kept', async () => {
    signIn();
    server.use(
      http.put(`${API}/auth/password`, () =>
        json({ message: 'Current password is invalid', errors: ['Current password is invalid'] }, 422),
      ),
    );
    const user = userEvent.setup();
    renderAt('/change-password', '/change-password/*', <ChangePasswordPage />);
    const form = within(screen.getByRole('form', { name: 'Change password' }));
    await user.type(form.getByLabelText('Current password'), 'Wrong#2026');
    await user.type(form.getByLabelText('New password'), 'Haven#2026');
    await user.type(form.getByLabelText('Confirm new password'), 'Haven#2026');
    await user.click(form.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(form.getByLabelText('Current password')).toHaveAccessibleDescription('That is not your current password'));
    expect(form.getByLabelText('Current password')).toHaveFocus();
    expect(form.getByLabelText('New password')).toHaveValue('Haven#2026');
  });

  it('create-password for an account that has a password: on to change password, with a note', async () => {
    signIn();
    server.use(
      http.put(`${API}/auth/password`, () =>
        json({ message: 'Current password is invalid', errors: ['Current password is invalid'] }, 422),
      ),
    );
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/create-password?redirectPath=%2Fdashboard']}>
        <Routes>
          <Route path="/create-password" element={<CreatePasswordPage />} />
          <Route path="/change-password" element={<ChangePasswordPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await user.type(screen.getByLabelText('New password'), 'Haven#2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'Haven#2026');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Change your password' })).toBeInTheDocument();
    expect(screen.getByText('Your account already has a password. To set a new one, enter your current password.')).toBeInTheDocument();
  });

  it('create-password sets the first password, then goes to redirectPath', async () => {
    signIn();
    server.use(http.put(`${API}/auth/password`, () => json({ success: true, data: apiUser(), message: 'ok' })));
    const user = userEvent.setup();
    renderAt('/create-password?redirectPath=%2Fregistration-form', '/create-password/*', <CreatePasswordPage />);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.type(screen.getByLabelText('New password'), 'Haven#2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'Haven#2026');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(location()).toBe('/registration-form'));
  });
});
