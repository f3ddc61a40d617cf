import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { LogInPage } from '../log-in/LogInPage';
import { afterClickThrottle, API, apiUser, calls, credHeaders, installPageTestKit, json, renderAt, server } from '../test/page-test-kit';

jest.mock('../../../../shared/src/core/realtime/realtime-client', () => jest.requireActual('../test/page-test-kit').realtimeMock);

installPageTestKit();

const location = () => screen.getByTestId('location').textContent;
const open = (url = '/auth/log-in/') => renderAt(url, '/auth/log-in/*', <LogInPage />);

// Apple and Facebook off production: the development issuers, the same login rules as Google.
describe.each([
  {
    provider: 'Apple',
    mint: '/dev/apple_credential',
    minted: { id_token: 'dev-apple' },
    signIn: '/customers/apple_sign_in',
    field: 'id_token',
    value: 'dev-apple',
  },
  {
    provider: 'Facebook',
    mint: '/dev/facebook_token',
    minted: { access_token: 'dev-fb', expires_in: 3600 },
    signIn: '/customers/facebook_sign_in',
    field: 'access_token',
    value: 'dev-fb',
  },
])('LogInPage — $provider (development issuer)', ({ provider, mint, minted, signIn, field, value }) => {
  const choose = async (user: ReturnType<typeof userEvent.setup>, email: string) => {
    await user.click(screen.getByRole('button', { name: `Continue with ${provider}` }));
    await user.type(screen.getByLabelText(`${provider} account e-mail`), email);
    await user.click(screen.getByRole('button', { name: `Continue as this ${provider} account` }));
  };

  /** Signs in through the issuer from the log-in page and lands on the requested path. */
  const signsIn = async (email: string) => {
    server.use(
      http.get(`${API}${mint}`, () => json(minted)),
      http.post(`${API}${signIn}`, () => json({ data: apiUser() }, 200, credHeaders)),
    );
    const user = userEvent.setup();
    open('/auth/log-in/?redirectPath=%2Ft-p');
    await choose(user, email);
    await waitFor(() => expect(location()).toBe('/dashboard'));
  };

  it("signs in with the issuer's token and returns to the requested path", async () => {
    await signsIn('p@example.com');
    expect(JSON.parse(calls('POST', signIn)[0]?.body ?? '{}')).toMatchObject({ [field]: value, platform: 'website' });
  });

  it("carries the referral link's code kept from the visit (a new account counts for the friend), then forgets it", async () => {
    window.localStorage.setItem('referral_code', 'ABCD2345');
    await signsIn('friend@example.com');
    expect(JSON.parse(calls('POST', signIn)[0]?.body ?? '{}')).toMatchObject({ [field]: value, referral_code: 'ABCD2345' });
    expect(window.localStorage.getItem('referral_code')).toBeNull();
  });

  it('an e-mail is required before asking the issuer', async () => {
    const user = userEvent.setup();
    open();
    await choose(user, 'not-an-email');
    expect(await screen.findByText(`Enter the e-mail of the ${provider} account`)).toBeInTheDocument();
    expect(calls('GET', mint)).toHaveLength(0);
  });

  it(`a failing issuer shows '${provider} Authentication failed!'`, async () => {
    server.use(http.get(`${API}${mint}`, () => json({ message: 'down' }, 500)));
    const user = userEvent.setup();
    open();
    await choose(user, 'p@example.com');
    expect(await screen.findByText(`${provider} Authentication failed!`)).toBeInTheDocument();
  });

  it("the provider out of reach (the api's 503 provider_unreachable) shows the api's sentence", async () => {
    const sentence = `We could not reach ${provider}. Please try again.`;
    server.use(
      http.get(`${API}${mint}`, () => json(minted)),
      http.post(`${API}${signIn}`, () =>
        json({ success: false, statusCode: 503, message: sentence, errors: [sentence], code: 'provider_unreachable' }, 503),
      ),
    );
    const user = userEvent.setup();
    open();
    await choose(user, 'p@example.com');
    // The toast and the form's own alert both say it.
    expect(await screen.findAllByText(sentence)).not.toHaveLength(0);
  });

  it("a refused token shows the server's text; a clinician is refused with the clinician toast", async () => {
    server.use(
      http.get(`${API}${mint}`, () => json(minted)),
      http.post(`${API}${signIn}`, () =>
        json({ message: `${provider} login failed, please contact the support team for more details` }, 422),
      ),
    );
    const user = userEvent.setup();
    open();
    await choose(user, 'p@example.com');
    expect(await screen.findByText(`${provider} login failed, please contact the support team for more details`)).toBeInTheDocument();
    server.use(http.post(`${API}${signIn}`, () => json({ data: apiUser({ usertype: 'clinician' }) }, 200, credHeaders)));
    await afterClickThrottle();
    await user.click(screen.getByRole('button', { name: `Continue as this ${provider} account` }));
    expect(await screen.findByText('Clinician accounts cannot log in on the web. Please use the clinician app.')).toBeInTheDocument();
  });
});
