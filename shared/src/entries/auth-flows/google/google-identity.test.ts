import { http } from 'msw';
import { createGoogleIdentity, GOOGLE_IDENTITY_SCRIPT, type PromptMoment } from './google-identity';
import { API, calls, installAuthTestKit, json, server } from '../../../core/auth/test/auth-test-kit';

installAuthTestKit();

describe('createGoogleIdentity', () => {
  it('without a client id: a credential from the api stand-in for the given e-mail and an api nonce', async () => {
    server.use(
      http.post(`${API}/customers/google_nonce`, () => json({ nonce: 'n-1', expires_in: 600 })),
      http.get(`${API}/dev/google_credential`, () => json({ credential: 'dev.jwt.cred' })),
    );
    const identity = createGoogleIdentity({});
    expect(identity.kind).toBe('development');
    await expect(identity.requestCredential({ loginHint: 'g@example.com' })).resolves.toEqual({
      credential: 'dev.jwt.cred',
      select_by: 'btn',
    });
    expect(calls('GET', '/dev/google_credential')[0]?.search.get('email')).toBe('g@example.com');
    expect(calls('GET', '/dev/google_credential')[0]?.search.get('nonce')).toBe('n-1');
    await expect(identity.requestCredential()).rejects.toThrow(/e-mail/);
  });

  it('Google exactly where a client id is configured, whatever the stage (a test deployment names one to run this path)', () => {
    expect(createGoogleIdentity({ clientId: null }).kind).toBe('development');
    expect(createGoogleIdentity({ clientId: 'haven-test.apps.googleusercontent.com' }).kind).toBe('google');
  });

  it("production: loads the Google Identity script once; Google's prompt carries the api's nonce and answers the ID token", async () => {
    server.use(http.post(`${API}/customers/google_nonce`, () => json({ nonce: 'n-2', expires_in: 600 })));
    const identity = createGoogleIdentity({ clientId: 'client-1' });
    expect(identity.kind).toBe('google');
    const pending = identity.requestCredential({ loginHint: 'g@example.com' });
    const script = document.head.querySelector<HTMLScriptElement>(`script[src="${GOOGLE_IDENTITY_SCRIPT}"]`);
    expect(script).not.toBeNull();
    let options: { client_id: string; nonce: string; login_hint?: string; callback: (r: { credential: string }) => void } | undefined;
    let missed: PromptMoment | null = null;
    window.google = {
      accounts: {
        id: {
          initialize: (o) => {
            options = o;
          },
          prompt: (listener) => (missed ? listener?.(missed) : options?.callback({ credential: 'google.id.token' })),
          cancel: jest.fn(),
        },
      },
    };
    script?.onload?.(new Event('load'));
    await expect(pending).resolves.toEqual({ credential: 'google.id.token' });
    expect(options).toMatchObject({ client_id: 'client-1', nonce: 'n-2', login_hint: 'g@example.com' });
    // A prompt Google did not show is a failed popup (the page reports it and counts it).
    missed = {
      isNotDisplayed: () => true,
      getNotDisplayedReason: () => 'opt_out_or_no_session',
      isSkippedMoment: () => false,
      getSkippedReason: () => '',
    };
    await expect(identity.requestCredential()).rejects.toThrow(/opt_out_or_no_session/);
    delete window.google;
  });
});
