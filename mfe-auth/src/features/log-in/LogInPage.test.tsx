import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { getCredentials, havenStore } from '@haven/shared';
import { LogInPage } from './LogInPage';
import { API, apiUser, calls, credHeaders, installPageTestKit, json, realtimeMock, renderAt, server } from '../test/page-test-kit';

jest.mock('../../../../shared/src/core/realtime/realtime-client', () => jest.requireActual('../test/page-test-kit').realtimeMock);

installPageTestKit();

const location = () => screen.getByTestId('location').textContent;
const open = (url = '/auth/log-in/') => renderAt(url, '/auth/log-in/*', <LogInPage />);
const pw = () => within(screen.getByRole('form', { name: 'Log in with e-mail and password' }));

describe('LogInPage — e-mail and password', () => {
  it('has labelled fields and logs a patient in, back to the requested path', async () => {
    server.use(http.post(`${API}/auth/sign_in`, () => json({ data: apiUser() }, 200, credHeaders)));
    const user = userEvent.setup();
    open('/auth/log-in/?redirectPath=%2Ftherapy-psychiatry%2F%3Fx%3D1');
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    await user.type(pw().getByLabelText('E-mail'), 'asha@example.com');
    await user.type(pw().getByLabelText('Password'), 'Haven#2026');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/therapy-psychiatry/?x=1'));
    expect(realtimeMock.signInRealtime).toHaveBeenCalledWith('fb-token-7');
    expect(getCredentials()?.['access-token']).toBe('tok-2');
  });

  it('after a session loss, a log-in from the landing page goes back to the page the session ended on (storedPageData), once', async () => {
    server.use(http.post(`${API}/auth/sign_in`, () => json({ data: apiUser() }, 200, credHeaders)));
    sessionStorage.setItem(
      'storedPageData',
      JSON.stringify({
        path: '/journal?entry=1',
        landing: '/',
        user: 'u-7',
        text: { journal: { body: 'Dear diary' } },
        savedAt: Date.now(),
        returned: false,
      }),
    );
    const user = userEvent.setup();
    // the landing page's log-in link names the landing page itself
    open('/auth/log-in/?redirectPath=%2F');
    await user.type(pw().getByLabelText('E-mail'), 'asha@example.com');
    await user.type(pw().getByLabelText('Password'), 'Haven#2026');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/journal?entry=1'));
    // the text waits for its form; the return is not made twice
    expect(JSON.parse(sessionStorage.getItem('storedPageData') ?? '{}')).toMatchObject({
      returned: true,
      text: { journal: { body: 'Dear diary' } },
    });
  });

  it('validates before calling the api, and focuses the first invalid field', async () => {
    const user = userEvent.setup();
    open();
    await user.type(pw().getByLabelText('E-mail'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(pw().getByLabelText('E-mail')).toHaveFocus();
    expect(pw().getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(calls('POST', '/auth/sign_in')).toHaveLength(0);
  });

  it('a server error is announced and focused; what was typed stays', async () => {
    server.use(
      http.post(`${API}/auth/sign_in`, () =>
        json({ message: 'Invalid login credentials. Please try again.', errors: ['Invalid login credentials. Please try again.'] }, 422),
      ),
    );
    const user = userEvent.setup();
    open();
    await user.type(pw().getByLabelText('E-mail'), 'asha@example.com');
    await user.type(pw().getByLabelText('Password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That e-mail and password do not match. Please try again.');
    expect(alert).toHaveFocus();
    expect(pw().getByLabelText('E-mail')).toHaveValue('asha@example.com');
    expect(pw().getByLabelText('Password')).toHaveValue('wrong-one');
  });

  it('the last tries are counted down, with the other ways in offered', async () => {
    server.use(
      http.post(`${API}/auth/sign_in`, () =>
        json(
          {
            message: 'Invalid login credentials. Please try again.',
            errors: ['Invalid login credentials. Please try again.'],
            tries_left: 2,
          },
          401,
        ),
      ),
    );
    const user = userEvent.setup();
    open();
    await user.type(pw().getByLabelText('E-mail'), 'asha@example.com');
    await user.type(pw().getByLabelText('Password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That e-mail and password do not match. After 2 more tries, signing in with a password pauses for a while.',
    );
    expect(pw().getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/forgot-password');
    expect(pw().getByRole('link', { name: 'Log in with a one-time code' })).toBeInTheDocument();
  });

  it('a paused sign-in offers the one-time code and a reset, not only a wait', async () => {
    server.use(
      http.post(`${API}/auth/sign_in`, () =>
        json(
          { message: 'This account is locked after too many failed sign-ins.', code: 'rate_limited', retry_after: 300, locked: true },
          429,
          { 'Retry-After': '300' },
        ),
      ),
    );
    const user = userEvent.setup();
    open();
    await user.type(pw().getByLabelText('E-mail'), 'asha@example.com');
    await user.type(pw().getByLabelText('Password'), 'right-one');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Signing in with a password is paused for a while after too many tries. You can still log in with a one-time code, or reset your password.',
    );
    await user.click(pw().getByRole('link', { name: 'Log in with a one-time code' }));
    expect(await screen.findByRole('form', { name: 'Get a one-time code' })).toBeInTheDocument();
  });

  it.each(['clinician', 'cf_clinician'])('a %s is refused with the clinician toast and logged out', async (usertype) => {
    server.use(http.post(`${API}/auth/sign_in`, () => json({ data: apiUser({ usertype }) }, 200, credHeaders)));
    const user = userEvent.setup();
    open();
    await user.type(pw().getByLabelText('E-mail'), 'doc@haven.test');
    await user.type(pw().getByLabelText('Password'), 'Haven#2026');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(calls('DELETE', '/customers/logout')).toHaveLength(1));
    expect(await screen.findAllByText(/Clinician accounts cannot log in on the web/)).not.toHaveLength(0);
    expect(havenStore.getState().auth.user).toBeNull();
    await waitFor(() => expect(location()).toBe('/auth/log-in/?redirectPath=%2Ft-p'));
    expect(pw().getByLabelText('E-mail')).toHaveValue('doc@haven.test');
  });

  it('a b2b user lands on /org/dashboard; a hostile redirectPath never leaves the origin', async () => {
    server.use(http.post(`${API}/auth/sign_in`, () => json({ data: apiUser({ usertype: 'employee' }) }, 200, credHeaders)));
    const user = userEvent.setup();
    open('/auth/log-in/?redirectPath=%2F%2Fevil.com');
    await user.type(pw().getByLabelText('E-mail'), 'employee@globex.test');
    await user.type(pw().getByLabelText('Password'), 'Haven#2026');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location()).toBe('/org/dashboard'));
    expect(window.location.origin).toBe('http://localhost');
  });

  // The addresses a hostile link may carry, as the log-in page reads them from its own query: the patient
  // goes to the login's own default, their care (the browser suite logs in with one of them for real).
  it.each([
    '//evil.example',
    'https://evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
    '%2F%2Fevil.example',
    '/%09/evil.example',
    ' //evil.example',
  ])('a hostile redirectPath %j never leaves the origin: the patient lands on /dashboard', async (hostile) => {
    server.use(http.post(`${API}/auth/sign_in`, () => json({ data: apiUser() }, 200, credHeaders)));
    const user = userEvent.setup();
    open(`/auth/log-in/?redirectPath=${encodeURIComponent(hostile)}`);
    await user.click(pw().getByLabelText('E-mail'));
    await user.paste('patient@haven.test');
    await user.click(pw().getByLabelText('Password'));
    await user.paste('Haven#2026');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(window.location.origin).toBe('http://localhost');
  });
});

describe('LogInPage — one-time code', () => {
  it('mounts the code form (and its country list) only once chosen, then keeps what was typed', async () => {
    const user = userEvent.setup();
    open();
    expect(screen.queryByRole('form', { name: 'Get a one-time code', hidden: true })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'One-time code' }));
    // A chunk of its own: it arrives after the click at the latest.
    const form = await screen.findByRole('form', { name: 'Get a one-time code' });
    await user.type(within(form).getByLabelText('Mobile number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Password' }));
    await user.click(screen.getByRole('button', { name: 'One-time code' }));
    expect(within(screen.getByRole('form', { name: 'Get a one-time code' })).getByLabelText('Mobile number')).toHaveValue('9876543210');
  });

  it.each([
    ['SMS', 'sms'],
    ['WhatsApp', 'whatsapp'],
  ])('by %s: code sent to +91 number, verify step, logged in', async (label, channel) => {
    server.use(
      http.post(`${API}/otp/send`, () => json({ success: true, message: 'sent', expires_in: 600 })),
      http.post(`${API}/otp/verify`, () =>
        json({ success: true, verified: true, account_exists: true, data: apiUser() }, 200, credHeaders),
      ),
    );
    const user = userEvent.setup();
    open('/auth/log-in/?redirectPath=%2Ft-p');
    await user.click(screen.getByRole('button', { name: 'One-time code' }));
    const form = screen.getByRole('form', { name: 'Get a one-time code' });
    await user.click(within(form).getByRole('radio', { name: label }));
    await user.type(within(form).getByLabelText('Mobile number'), '98765abc43210');
    expect(within(form).getByLabelText('Mobile number')).toHaveValue('9876543210');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('Verification code');
    expect(code).toHaveFocus();
    expect(JSON.parse(calls('POST', '/otp/send')[0]?.body ?? '{}')).toEqual({ channel, mobile: '9876543210', country_code: '91' });
    expect(screen.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('by e-mail, with a wrong code message and the code kept', async () => {
    server.use(
      http.post(`${API}/otp/send`, () => json({ success: true, message: 'sent', expires_in: 600 })),
      http.post(`${API}/otp/verify`, () => json({ message: 'Invalid verification code', errors: ['Invalid verification code'] }, 422)),
    );
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: 'One-time code' }));
    const form = screen.getByRole('form', { name: 'Get a one-time code' });
    await user.click(within(form).getByRole('radio', { name: 'E-mail' }));
    await user.type(within(form).getByLabelText('E-mail address'), 'asha@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid verification code');
    expect(screen.getByLabelText('Verification code')).toHaveValue('000000');
    // The field itself says it was refused, and why.
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Verification code')).toHaveAccessibleDescription(expect.stringContaining('Invalid verification code'));
    // Back to change the address: the e-mail is still there, and focused.
    await user.click(screen.getByRole('button', { name: 'Use a different e-mail' }));
    const again = within(screen.getByRole('form', { name: 'Get a one-time code' }));
    await waitFor(() => expect(again.getByLabelText('E-mail address')).toHaveFocus());
    expect(again.getByLabelText('E-mail address')).toHaveValue('asha@example.com');
  });

  it('an invalid Indian number is refused before sending', async () => {
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: 'One-time code' }));
    const form = screen.getByRole('form', { name: 'Get a one-time code' });
    await user.type(within(form).getByLabelText('Mobile number'), '1234567890');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(await within(form).findByText('Enter a valid mobile number')).toBeInTheDocument();
    expect(within(form).getByLabelText('Mobile number')).toHaveFocus();
    expect(calls('POST', '/otp/send')).toHaveLength(0);
  });
});

describe('LogInPage — Google (development issuer)', () => {
  beforeEach(() => server.use(http.post(`${API}/customers/google_nonce`, () => json({ nonce: 'n-1', expires_in: 600 }))));

  it('signs in with a credential from the development issuer', async () => {
    server.use(
      http.get(`${API}/dev/google_credential`, () => json({ credential: 'dev-cred' })),
      http.post(`${API}/customers/google_sign_in`, () => json({ data: apiUser() }, 200, credHeaders)),
    );
    const user = userEvent.setup();
    open('/auth/log-in/?redirectPath=%2Ft-p');
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await user.type(screen.getByLabelText('Google account e-mail'), 'g@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue as this Google account' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(new URLSearchParams(calls('POST', '/customers/google_sign_in')[0]?.body).get('credential')).toBe('dev-cred');
  });

  it("a failing issuer shows 'Google Authentication failed!'", async () => {
    server.use(http.get(`${API}/dev/google_credential`, () => json({ message: 'down' }, 500)));
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await user.type(screen.getByLabelText('Google account e-mail'), 'g@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue as this Google account' }));
    expect(await screen.findByText('Google Authentication failed!')).toBeInTheDocument();
  });

  it("a server refusal without a message shows 'Google login failed, please contact the support team for more details'", async () => {
    server.use(
      http.get(`${API}/dev/google_credential`, () => json({ credential: 'dev-cred' })),
      http.post(`${API}/customers/google_sign_in`, () => json({}, 500)),
    );
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await user.type(screen.getByLabelText('Google account e-mail'), 'g@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue as this Google account' }));
    expect(await screen.findByText('Google login failed, please contact the support team for more details')).toBeInTheDocument();
  });
});

describe('LogInPage — one-time code that survives reload and Back', () => {
  const sendOk = () => http.post(`${API}/otp/send`, () => json({ success: true, message: 'sent', expires_in: 600 }));
  const sent = (i = 0) => JSON.parse(calls('POST', '/otp/send')[i]?.body ?? '{}') as Record<string, string>;
  const requestForm = () => within(screen.getByRole('form', { name: 'Get a one-time code' }));

  it('reload on the code step: code entry again, the countdown computed from the stored deadline', async () => {
    window.sessionStorage.setItem(
      'haven.auth.otp-step',
      JSON.stringify({
        target: { channel: 'sms', mobile: '9876543210', country_code: '91' },
        label: '+91 98765 43210',
        resendAt: Date.now() + 20_000,
        expiresAt: Date.now() + 600_000,
        form: { channel: 'sms', country: 'IN', mobile: '9876543210', email: '' },
      }),
    );
    open('/auth/log-in/?redirectPath=%2Ft-p&method=otp&step=code');
    expect(await screen.findByLabelText('Verification code')).toHaveAccessibleDescription('Sent to +91 98765 43210');
    expect(screen.getByRole('button', { name: /^Resend code in (19|20)s$/ })).toBeDisabled();
  });

  it('a ?step=code without a stored step (a shared link) starts at the first step', async () => {
    open('/auth/log-in/?method=otp&step=code');
    expect(await screen.findByRole('form', { name: 'Get a one-time code' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/auth/log-in/?method=otp'));
  });

  it('send pushes the code step into the URL; Back returns to the number, kept and focused', async () => {
    server.use(sendOk());
    const user = userEvent.setup();
    open('/auth/log-in/?redirectPath=%2Ft-p');
    await user.click(screen.getByRole('button', { name: 'One-time code' }));
    await user.type(requestForm().getByLabelText('Mobile number'), '9876543210');
    await user.click(requestForm().getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('Verification code');
    expect(location()).toBe('/auth/log-in/?redirectPath=%2Ft-p&method=otp&step=code');
    expect(JSON.parse(window.sessionStorage.getItem('haven.auth.otp-step') ?? '{}')).toMatchObject({ label: '+91 98765 43210' });
    await user.click(screen.getByRole('button', { name: 'Use a different number' }));
    await waitFor(() => expect(requestForm().getByLabelText('Mobile number')).toHaveFocus());
    expect(requestForm().getByLabelText('Mobile number')).toHaveValue('9876543210');
    expect(location()).toBe('/auth/log-in/?redirectPath=%2Ft-p&method=otp');
  });

  it.each([
    ['typed with spaces, India', 'IN', '+91 98765 43210', { mobile: '9876543210', country_code: '91' }],
    ['a trunk 0', 'IN', '09876543210', { mobile: '9876543210', country_code: '91' }],
    ['UK, never cut to 0791112345', 'GB', '07911123456', { mobile: '7911123456', country_code: '44' }],
    ['a +CC that selects its country', 'IN', '+44 7911 123456', { mobile: '7911123456', country_code: '44' }],
  ])('a number %s reaches the api as the right international number', async (_, country, typed, wire) => {
    server.use(sendOk());
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: 'One-time code' }));
    await screen.findByRole('option', { name: 'United Kingdom (+44)' });
    await user.selectOptions(requestForm().getByLabelText('Country code'), country);
    await user.type(requestForm().getByLabelText('Mobile number'), typed);
    await user.tab();
    await waitFor(() => expect(requestForm().getByLabelText('Mobile number')).toHaveAccessibleDescription(/^International number: \+/));
    await user.click(requestForm().getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('Verification code');
    expect(sent()).toMatchObject({ channel: 'sms', ...wire });
  });

  it('a pasted number is read at once: its country chosen, its national digits shown', async () => {
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: 'One-time code' }));
    await screen.findByRole('option', { name: 'United Kingdom (+44)' });
    await user.click(requestForm().getByLabelText('Mobile number'));
    await user.paste('+44 (0)7400 123-456');
    await waitFor(() => expect(requestForm().getByLabelText('Mobile number')).toHaveValue('7400123456'));
    expect(requestForm().getByLabelText('Country code')).toHaveValue('GB');
    expect(requestForm().getByLabelText('Mobile number')).toHaveAccessibleDescription('International number: +44 7400 123456');
  });

  it('a rate-limited send: the button counts down from Retry-After, the number stays', async () => {
    server.use(
      http.post(`${API}/otp/send`, () =>
        json({ message: 'Too many requests', code: 'rate_limited', retry_after: 25 }, 429, { 'Retry-After': '25' }),
      ),
    );
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: 'One-time code' }));
    await user.type(requestForm().getByLabelText('Mobile number'), '9876543210');
    await user.click(requestForm().getByRole('button', { name: 'Send code' }));
    expect(await requestForm().findByRole('button', { name: /^Send code \(wait (24|25)s\)$/ })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many tries');
    expect(requestForm().getByLabelText('Mobile number')).toHaveValue('9876543210');
  });

  it('a wrong code replaces the "code sent" message: one message at a time', async () => {
    server.use(
      sendOk(),
      http.post(`${API}/otp/verify`, () => json({ message: 'Invalid verification code', errors: ['Invalid verification code'] }, 422)),
    );
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: 'One-time code' }));
    await user.type(requestForm().getByLabelText('Mobile number'), '9876543210');
    await user.click(requestForm().getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a code to +91 98765 43210.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code');
    expect(screen.queryByText('We sent a code to +91 98765 43210.')).toBeNull();
  });

  it('a right code for a number without an account: on to sign-up, carrying the verified number and its proof', async () => {
    server.use(
      sendOk(),
      http.post(`${API}/otp/verify`, () =>
        json({ success: true, verified: true, account_exists: false, data: null, verification_token: 'proof-9' }),
      ),
    );
    const user = userEvent.setup();
    open('/auth/log-in/?redirectPath=%2Ft-p');
    await user.click(screen.getByRole('button', { name: 'One-time code' }));
    await user.type(requestForm().getByLabelText('Mobile number'), '9876543210');
    await user.click(requestForm().getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(location()).toBe('/auth/sign-up?redirectPath=%2Ft-p'));
    expect(JSON.parse(window.sessionStorage.getItem('haven.auth.verified-destination') ?? '{}')).toMatchObject({
      target: { channel: 'sms', mobile: '9876543210', country_code: '91' },
      label: '+91 98765 43210',
      verificationToken: 'proof-9',
    });
    expect(window.sessionStorage.getItem('haven.auth.otp-step')).toBeNull();
  });
});
