import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CLICK_THROTTLE_MS, havenStore } from '@haven/shared';
import { SignUpPage } from './SignUpPage';
import { API, apiUser, calls, credHeaders, installPageTestKit, json, renderAt, server } from '../test/page-test-kit';

jest.mock('../../../../shared/src/core/realtime/realtime-client', () => jest.requireActual('../test/page-test-kit').realtimeMock);

installPageTestKit();

const form = () => within(screen.getByRole('form', { name: 'Sign up' }));
const codeForm = () => within(screen.getByRole('form', { name: 'Verify your e-mail' }));
/** The code step, once it shows (the form is sent asynchronously). */
const shownCodeForm = async () => within(await screen.findByRole('form', { name: 'Verify your e-mail' }));
const sendCode = () =>
  http.post(`${API}/otp/send`, () => json({ success: true, message: 'A verification code was sent by email', expires_in: 600 }));
const created = () => http.post(`${API}/auth`, () => json({ status: 'success', data: apiUser() }, 200, credHeaders));
const consents = [
  http.post(`${API}/customers/mark_tnc_and_privacy`, () => json({ success: true })),
  http.post(`${API}/customers/mark_eighteen_plus`, () => json({ success: true })),
  http.post(`${API}/customers/mark_privacy_policy`, () => json({ success: true, privacy_policy_consent_status: 'accepted' })),
];

/** A second code typed into the code step. */
async function enterCodeAgain(user: ReturnType<typeof userEvent.setup>, code: string) {
  const field = codeForm().getByLabelText('Verification code');
  await user.clear(field);
  await user.type(field, code);
  await user.click(codeForm().getByRole('button', { name: 'Verify and create account' }));
}

/** The form sent: the code goes to the e-mail; it is entered on the same page. */
async function enterCode(user: ReturnType<typeof userEvent.setup>, code = '123456') {
  await user.click(form().getByRole('button', { name: 'Create account' }));
  const field = await (await shownCodeForm()).findByLabelText('Verification code');
  await user.clear(field);
  await user.type(field, code);
  await user.click(codeForm().getByRole('button', { name: 'Verify and create account' }));
}
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
  it('sends a code to the e-mail, then creates the account with it (names cleaned), marks the consents and moves on', async () => {
    server.use(sendCode(), created(), ...consents);
    const user = userEvent.setup();
    renderAt('/auth/sign-up?redirectPath=%2Ft-p', '/auth/sign-up/*', <SignUpPage />);
    await fill(user);
    expect(form().getByLabelText('First name')).toHaveValue('Asha b');
    await user.click(form().getByRole('button', { name: 'Create account' }));
    // Nothing is created before the code: the e-mail gets one, entered on this page.
    expect(await (await shownCodeForm()).findByLabelText('Verification code')).toHaveFocus();
    expect(JSON.parse(calls('POST', '/otp/send')[0]?.body ?? '{}')).toEqual({ channel: 'email', email: 'asha@example.com' });
    expect(screen.getByText('Enter the code we sent to asha@example.com to create your account.')).toBeInTheDocument();
    expect(calls('POST', '/auth')).toHaveLength(0);
    await user.type(codeForm().getByLabelText('Verification code'), '123456');
    await user.click(codeForm().getByRole('button', { name: 'Verify and create account' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(JSON.parse(calls('POST', '/auth')[0]?.body ?? '{}')).toEqual({
      email: 'asha@example.com',
      password: 'Haven#2026',
      password_confirmation: 'Haven#2026',
      first_name: 'Asha b',
      last_name: "D'Souza-Rao",
      code: '123456',
    });
    await waitFor(() => expect(calls('POST', '/customers/mark_eighteen_plus')).toHaveLength(1));
    // The privacy policy the box names is the current one: accepted now, not asked for again.
    await waitFor(() => expect(calls('POST', '/customers/mark_privacy_policy')).toHaveLength(1));
    expect(JSON.parse(calls('POST', '/customers/mark_privacy_policy')[0]?.body ?? '{}')).toEqual({
      method_type: 'web_sign_up',
      policy_type: 'privacy_policy',
    });
  });

  it("the login's consent read answered before the marks: read again, so neither the consents nor the new-policy prompt ask", async () => {
    let marked = false;
    server.use(
      sendCode(),
      created(),
      // before the shared consent handlers: the first that matches answers
      http.post(`${API}/customers/mark_privacy_policy`, () => {
        marked = true;
        return json({ success: true, privacy_policy_consent_status: 'accepted' });
      }),
      ...consents,
      // the login's own read is answered as if before the marks reached the api
      http.get(`${API}/customers/privacy_policy_consent_status`, () =>
        marked && calls('GET', '/customers/privacy_policy_consent_status').length > 1
          ? json({ privacy_policy_consent_status: 'accepted', new_privacy_policy: null })
          : json({
              privacy_policy_consent_status: 'unaccepted',
              new_privacy_policy: { version: 'v2', effective_date: '2026-11-23', url: '/privacy-policy', what_changed: 'What changed.' },
            }),
      ),
    );
    const user = userEvent.setup();
    renderAt('/auth/sign-up?redirectPath=%2Ft-p', '/auth/sign-up/*', <SignUpPage />);
    await fill(user);
    await enterCode(user);
    await waitFor(() => expect(calls('POST', '/customers/mark_privacy_policy')).toHaveLength(1));
    await waitFor(() => expect(havenStore.getState().consent.consents.privacy_policy_consent_status).toBe('accepted'));
    expect(havenStore.getState().appConfig.newPrivacyPolicyData).toBeNull();
  });

  it('a wrong code: the spec text, still on the code with the form kept; the right code then creates the account', async () => {
    let tries = 0;
    server.use(
      sendCode(),
      http.post(`${API}/auth`, () =>
        ++tries === 1
          ? json({ success: false, message: 'Invalid verification code', errors: ['Invalid verification code'] }, 422)
          : json({ status: 'success', data: apiUser() }, 200, credHeaders),
      ),
      ...consents,
    );
    const user = userEvent.setup();
    renderAt('/auth/sign-up', '/auth/sign-up/*', <SignUpPage />);
    await fill(user);
    await enterCode(user, '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code');
    const field = codeForm().getByLabelText('Verification code');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Invalid verification code'));
    await enterCodeAgain(user, '123456');
    expect(await screen.findByText(/Your account is ready/)).toBeInTheDocument();
    expect(JSON.parse(calls('POST', '/auth')[1]?.body ?? '{}')).toMatchObject({ email: 'asha@example.com', code: '123456' });
  });

  it('a code a resend replaced says a newer one was sent', async () => {
    const replaced = 'This code was replaced by a newer one. Enter the code in the latest message we sent.';
    server.use(
      sendCode(),
      http.post(`${API}/auth`, () => json({ success: false, message: replaced, errors: [replaced], code: 'code_replaced' }, 422)),
    );
    const user = userEvent.setup();
    renderAt('/auth/sign-up', '/auth/sign-up/*', <SignUpPage />);
    await fill(user);
    await enterCode(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(replaced);
  });

  it('an expired code is not sent; resend waits out the cooldown, then sends a new code to the same e-mail', async () => {
    server.use(sendCode(), created());
    const now = jest.spyOn(Date, 'now');
    const user = userEvent.setup();
    renderAt('/auth/sign-up', '/auth/sign-up/*', <SignUpPage />);
    await fill(user);
    await user.click(form().getByRole('button', { name: 'Create account' }));
    expect(await (await shownCodeForm()).findByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
    const sentAt = Date.now();
    now.mockReturnValue(sentAt + 601_000);
    await user.type(codeForm().getByLabelText('Verification code'), '123456');
    await user.click(codeForm().getByRole('button', { name: 'Verify and create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code has expired. Please request a new one.');
    expect(calls('POST', '/auth')).toHaveLength(0);
    await user.click(await (await shownCodeForm()).findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('We sent a new code to asha@example.com.')).toBeInTheDocument();
    expect(calls('POST', '/otp/send')).toHaveLength(2);
    expect(JSON.parse(calls('POST', '/otp/send')[1]?.body ?? '{}')).toEqual({ channel: 'email', email: 'asha@example.com' });
    now.mockRestore();
  });

  it('"Use a different e-mail" goes back to the form with everything typed', async () => {
    server.use(sendCode());
    const user = userEvent.setup();
    renderAt('/auth/sign-up', '/auth/sign-up/*', <SignUpPage />);
    await fill(user);
    await user.click(form().getByRole('button', { name: 'Create account' }));
    await user.click(await (await shownCodeForm()).findByRole('button', { name: 'Use a different e-mail' }));
    await waitFor(() => expect(form().getByLabelText('E-mail')).toHaveFocus());
    expect(form().getByLabelText('E-mail')).toHaveValue('asha@example.com');
    expect(form().getByLabelText('First name')).toHaveValue('Asha b');
    expect(form().getByLabelText('Password')).toHaveValue('Haven#2026');
    expect(form().getByLabelText('I am 18 years old or older')).toBeChecked();
    expect(calls('POST', '/auth')).toHaveLength(0);
    // The same e-mail again (a person's second press, after the double-tap guard): back to the code
    // already sent, no second message.
    await new Promise((done) => setTimeout(done, CLICK_THROTTLE_MS));
    await user.click(form().getByRole('button', { name: 'Create account' }));
    expect(await (await shownCodeForm()).findByLabelText('Verification code')).toBeInTheDocument();
    expect(calls('POST', '/otp/send')).toHaveLength(1);
    // Another e-mail gets its own code.
    await user.click(codeForm().getByRole('button', { name: 'Use a different e-mail' }));
    await user.clear(form().getByLabelText('E-mail'));
    await user.type(form().getByLabelText('E-mail'), 'asha.rao@example.com');
    await user.click(form().getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter the code we sent to asha.rao@example.com to create your account.')).toBeInTheDocument();
    expect(JSON.parse(calls('POST', '/otp/send')[1]?.body ?? '{}')).toEqual({ channel: 'email', email: 'asha.rao@example.com' });
  });

  it('no answer while creating the account: says what failed and stays on the code', async () => {
    server.use(
      sendCode(),
      http.post(`${API}/auth`, () => HttpResponse.error()),
    );
    const user = userEvent.setup();
    renderAt('/auth/sign-up', '/auth/sign-up/*', <SignUpPage />);
    await fill(user);
    await enterCode(user);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't create your account: no connection to Haven.");
    expect(codeForm().getByLabelText('Verification code')).toHaveValue('123456');
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

  it('a taken e-mail: a sentence on the e-mail field, focused; nothing typed is lost', async () => {
    server.use(
      sendCode(),
      http.post(`${API}/auth`, () => json({ message: 'Email has already been taken', errors: ['Email has already been taken'] }, 422)),
    );
    const user = userEvent.setup();
    renderAt('/auth/sign-up', '/auth/sign-up/*', <SignUpPage />);
    await fill(user);
    // Told only once the code proved the e-mail: back to the form.
    await enterCode(user);
    await waitFor(() => expect(form().getByLabelText('E-mail')).toHaveFocus());
    expect(form().getByLabelText('E-mail')).toHaveAccessibleDescription(
      'An account already uses this e-mail. Log in instead, or use another address.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(form().getByLabelText('E-mail')).toHaveValue('asha@example.com');
    expect(form().getByLabelText('Password')).toHaveValue('Haven#2026');
  });

  it.each([
    ['First name', '   ', 'Enter your first name'],
    ['First name', ". - '", 'First name needs at least one letter'],
    ['First name', 'A'.repeat(101), 'First name can be at most 100 characters'], // the api's limit, from its schema
    ['E-mail', 'asha@mailinator.com', 'This looks like a temporary e-mail address. Please use a permanent one.'],
    ['E-mail', 'asha@', 'Enter a valid e-mail address'],
  ])('%s %j → %j, before any request', async (label, value, message) => {
    const user = userEvent.setup();
    renderAt('/auth/sign-up', '/auth/sign-up/*', <SignUpPage />);
    await fill(user);
    await user.clear(form().getByLabelText(label));
    await user.type(form().getByLabelText(label), value);
    await user.click(form().getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(form().getByLabelText(label)).toHaveAccessibleDescription(message));
    expect(calls('POST', '/otp/send')).toHaveLength(0);
    expect(calls('POST', '/auth')).toHaveLength(0);
  });

  it.each([
    ['body/first_name must NOT have more than 100 characters', 'First name', 'First name can be at most 100 characters'],
    ['body/last_name must NOT have more than 100 characters', 'Last name', 'Last name can be at most 100 characters'],
    ['body/password must NOT have fewer than 8 characters', 'Password', 'Password needs at least 8 characters'],
  ])('the api says %j: shown on the field in words, the field focused', async (text, label, message) => {
    server.use(
      sendCode(),
      http.post(`${API}/auth`, () => json({ success: false, message: text, errors: [text] }, 400)),
    );
    const user = userEvent.setup();
    renderAt('/auth/sign-up', '/auth/sign-up/*', <SignUpPage />);
    await fill(user);
    await enterCode(user);
    await waitFor(() => expect(form().getByLabelText(label)).toHaveAccessibleDescription(message));
    expect(form().getByLabelText(label)).toHaveFocus();
    expect(screen.queryByText(text)).toBeNull();
  });

  it('an unknown api text: a general sentence, never the raw text', async () => {
    server.use(
      sendCode(),
      http.post(`${API}/auth`, () =>
        json({ success: false, message: 'body/nickname must be a rocket', errors: ['body/nickname must be a rocket'] }, 400),
      ),
    );
    const user = userEvent.setup();
    renderAt('/auth/sign-up', '/auth/sign-up/*', <SignUpPage />);
    await fill(user);
    await enterCode(user);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't create your account. Please try again in a moment.");
    expect(screen.queryByText(/rocket/)).toBeNull();
  });

  it('the network is down: says what failed, keeps what was typed', async () => {
    server.use(http.post(`${API}/otp/send`, () => HttpResponse.error()));
    const user = userEvent.setup();
    renderAt('/auth/sign-up', '/auth/sign-up/*', <SignUpPage />);
    await fill(user);
    await user.click(form().getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't create your account: no connection to Haven.");
    expect(screen.queryByText(/logging you in/)).toBeNull();
    expect(form().getByLabelText('E-mail')).toHaveValue('asha@example.com');
  });

  it('sending the code rate-limited: the button counts down from Retry-After; what was typed stays', async () => {
    server.use(
      http.post(`${API}/otp/send`, () =>
        json({ success: false, message: 'Too many requests', code: 'rate_limited', retry_after: 42 }, 429, { 'Retry-After': '42' }),
      ),
    );
    const user = userEvent.setup();
    renderAt('/auth/sign-up', '/auth/sign-up/*', <SignUpPage />);
    await fill(user);
    await user.click(form().getByRole('button', { name: 'Create account' }));
    expect(await form().findByRole('button', { name: /^Create account \(wait (4[12])s\)$/ })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many tries');
    expect(form().getByLabelText('First name')).toHaveValue('Asha b');
  });

  it('terms and privacy are real links that open in a new tab; the boxes are the labels’ controls', () => {
    renderAt('/auth/sign-up', '/auth/sign-up/*', <SignUpPage />);
    for (const name of ['terms of use', 'privacy policy']) {
      const link = form().getByRole('link', { name });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    }
  });

  it('a number verified by a one-time code is carried in: shown as verified, sent with its proof, no second code', async () => {
    window.sessionStorage.setItem(
      'haven.auth.verified-destination',
      JSON.stringify({
        target: { channel: 'sms', mobile: '9876543210', country_code: '91' },
        label: '+91 98765 43210',
        verificationToken: 'proof-1',
        until: Date.now() + 60_000,
      }),
    );
    server.use(created(), ...consents);
    const user = userEvent.setup();
    renderAt('/auth/sign-up', '/auth/sign-up/*', <SignUpPage />);
    expect(screen.getByText(/\+91 98765 43210 is verified/)).toHaveAttribute('role', 'status');
    expect(form().queryByLabelText('Mobile number')).toBeNull();
    await fill(user);
    await user.click(form().getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(calls('POST', '/auth')).toHaveLength(1));
    await waitFor(() =>
      expect(JSON.parse(calls('POST', '/auth')[0]?.body || '{}')).toMatchObject({
        mobile: '9876543210',
        country_code: '91',
        verification_token: 'proof-1',
      }),
    );
    expect(calls('POST', '/otp/send')).toHaveLength(0);
    expect(await screen.findByText(/Your account is ready/)).toBeInTheDocument();
    expect(window.sessionStorage.getItem('haven.auth.verified-destination')).toBeNull();
  });
});
