import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { SignUpPage } from './SignUpPage';
import { API, apiUser, calls, credHeaders, installPageTestKit, json, renderAt, server } from '../test/page-test-kit';

jest.mock('../../../../shared/src/realtime/realtime-client', () => jest.requireActual('../test/page-test-kit').realtimeMock);

installPageTestKit();

const form = () => within(screen.getByRole('form', { name: 'Sign up' }));
const location = () => screen.getByTestId('location').textContent;

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(form().getByLabelText('First name'), 'Asha123 <b>');
  await user.type(form().getByLabelText('Last name'), "D'Souza-Rao");
  await user.type(form().getByLabelText('E-mail'), 'asha@example.com');
  await user.type(form().getByLabelText('Password'), 'Haven#2026');
  await user.type(form().getByLabelText('Confirm password'), 'Haven#2026');
  await user.click(form().getByLabelText('I am 18 years old or older'));
  await user.click(form().getByLabelText('I accept the terms of use and the privacy policy'));
}

describe('SignUpPage', () => {
  it('creates the account (names cleaned), marks the consents and moves on', async () => {
    server.use(
      http.post(`${API}/auth`, () => json({ status: 'success', data: apiUser() }, 200, credHeaders)),
      http.post(`${API}/customers/mark_tnc_and_privacy`, () => json({ success: true })),
      http.post(`${API}/customers/mark_eighteen_plus`, () => json({ success: true })),
    );
    const user = userEvent.setup();
    renderAt('/auth/sign-up?redirectPath=%2Ft-p', '/auth/sign-up/*', <SignUpPage />);
    await fill(user);
    expect(form().getByLabelText('First name')).toHaveValue('Asha b');
    await user.click(form().getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location()).toBe('/t-p'));
    expect(JSON.parse(calls('POST', '/auth')[0]?.body ?? '{}')).toEqual({
      email: 'asha@example.com',
      password: 'Haven#2026',
      password_confirmation: 'Haven#2026',
      first_name: 'Asha b',
      last_name: "D'Souza-Rao",
    });
    await waitFor(() => expect(calls('POST', '/customers/mark_eighteen_plus')).toHaveLength(1));
  });

  it('needs the 18+ and terms boxes and matching passwords', async () => {
    const user = userEvent.setup();
    renderAt('/auth/sign-up', '/auth/sign-up/*', <SignUpPage />);
    await user.type(form().getByLabelText('Password'), 'Haven#2026');
    await user.type(form().getByLabelText('Confirm password'), 'Haven#2027');
    await user.click(form().getByRole('button', { name: 'Create account' }));
    expect(await form().findByText('You need to be 18 or older to sign up')).toBeInTheDocument();
    expect(form().getByText('Please accept the terms and the privacy policy')).toBeInTheDocument();
    expect(form().getByText('The passwords do not match')).toBeInTheDocument();
    expect(form().getByLabelText('First name')).toHaveFocus();
    expect(calls('POST', '/auth')).toHaveLength(0);
  });

  it('a taken e-mail: the server message; nothing typed is lost', async () => {
    server.use(http.post(`${API}/auth`, () => json({ message: 'Email has already been taken', errors: ['Email has already been taken'] }, 422)));
    const user = userEvent.setup();
    renderAt('/auth/sign-up', '/auth/sign-up/*', <SignUpPage />);
    await fill(user);
    await user.click(form().getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email has already been taken');
    expect(form().getByLabelText('E-mail')).toHaveValue('asha@example.com');
    expect(form().getByLabelText('Password')).toHaveValue('Haven#2026');
  });
});
