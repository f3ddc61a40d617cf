import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { havenStore, setCredentials } from '@haven/shared';
import { ChangePasswordPage } from './ChangePasswordPage';
import { CreatePasswordPage } from './CreatePasswordPage';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { SetPasswordPage } from './SetPasswordPage';
import { API, apiUser, calls, credHeaders, installPageTestKit, json, renderAt, server } from '../test/page-test-kit';

jest.mock('../../../../shared/src/realtime/realtime-client', () => jest.requireActual('../test/page-test-kit').realtimeMock);

installPageTestKit();

const location = () => screen.getByTestId('location').textContent;
function signIn() {
  setCredentials({ 'access-token': 't', client: 'c', uid: 'asha@example.com', expiry: '1900000000' });
  havenStore.getState().auth.update({ user: apiUser(), loading: false });
}

describe('ForgotPasswordPage', () => {
  it('sends the reset link and says so', async () => {
    server.use(http.post(`${API}/auth/password`, () => json({ success: true, message: "An email has been sent to 'asha@example.com'" })));
    const user = userEvent.setup();
    renderAt('/forgot-password', '/forgot-password/*', <ForgotPasswordPage />);
    await user.type(screen.getByLabelText('E-mail'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText("An email has been sent to 'asha@example.com'")).toBeInTheDocument();
    expect(JSON.parse(calls('POST', '/auth/password')[0]?.body ?? '{}')).toMatchObject({ email: 'asha@example.com', redirect_url: 'http://localhost/set-password' });
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
    await waitFor(() => expect(location()).toBe('/t-p'));
    expect(JSON.parse(calls('PUT', '/auth/password')[0]?.body ?? '{}')).toEqual({ reset_password_token: 'rt-1', password: 'Haven#2026', password_confirmation: 'Haven#2026' });
  });

  it('an expired link: the server message and a way to get a new one', async () => {
    server.use(http.put(`${API}/auth/password`, () => json({ message: 'Reset password token is invalid or has expired', errors: ['Reset password token is invalid or has expired'] }, 422)));
    const user = userEvent.setup();
    renderAt('/set-password?reset_password_token=old', '/set-password/*', <SetPasswordPage />);
    await user.type(screen.getByLabelText('New password'), 'Haven#2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'Haven#2026');
    await user.click(screen.getByRole('button', { name: 'Save password and log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Reset password token is invalid or has expired');
    expect(screen.getByRole('link', { name: 'Send a new link' })).toHaveAttribute('href', '/forgot-password');
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
    server.use(http.put(`${API}/auth/password`, () => json({ success: true, data: apiUser(), message: 'Your password has been successfully updated.' })));
    const user = userEvent.setup();
    renderAt('/change-password', '/change-password/*', <ChangePasswordPage />);
    const form = within(screen.getByRole('form', { name: 'Change password' }));
    await user.type(form.getByLabelText('Current password'), 'Old#2026x');
    await user.type(form.getByLabelText('New password'), 'Haven#2026');
    await user.type(form.getByLabelText('Confirm new password'), 'Haven#2026');
    await user.click(form.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Your password has been successfully updated.')).toBeInTheDocument();
    expect(JSON.parse(calls('PUT', '/auth/password')[0]?.body ?? '{}')).toEqual({ current_password: 'Old#2026x', password: 'Haven#2026', password_confirmation: 'Haven#2026' });
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
