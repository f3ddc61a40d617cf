import { http } from 'msw';
import { createGoogleIdentity, GOOGLE_IDENTITY_SCRIPT } from './google-identity';
import { API, calls, installAuthTestKit, json, server } from '../../../core/auth/test/auth-test-kit';

installAuthTestKit();

describe('createGoogleIdentity', () => {
  it('off production: a credential from the development issuer for the given e-mail', async () => {
    server.use(http.get(`${API}/dev/google_credential`, () => json({ credential: 'dev.jwt.cred' })));
    const identity = createGoogleIdentity({ stage: 'development', clientId: 'abc' });
    expect(identity.kind).toBe('development');
    await expect(identity.requestCredential({ loginHint: 'g@example.com' })).resolves.toEqual({
      credential: 'dev.jwt.cred',
      select_by: 'btn',
    });
    expect(calls('GET', '/dev/google_credential')[0]?.search.get('email')).toBe('g@example.com');
    await expect(identity.requestCredential()).rejects.toThrow(/e-mail/);
  });

  it('production without a client id still never calls Google', () => {
    expect(createGoogleIdentity({ stage: 'production' }).kind).toBe('development');
  });

  it('production: loads the Google Identity script once and uses its token client', async () => {
    const identity = createGoogleIdentity({ stage: 'production', clientId: 'client-1' });
    expect(identity.kind).toBe('google');
    const pending = identity.requestCredential({ loginHint: 'g@example.com' });
    const script = document.head.querySelector<HTMLScriptElement>(`script[src="${GOOGLE_IDENTITY_SCRIPT}"]`);
    expect(script).not.toBeNull();
    let options: { client_id: string; login_hint?: string; callback: (r: object) => void } | undefined;
    window.google = {
      accounts: {
        id: { initialize: jest.fn(), prompt: jest.fn(), cancel: jest.fn() },
        oauth2: {
          initTokenClient: (o) => {
            options = o;
            return {
              requestAccessToken: () => o.callback({ access_token: 'at-1', scope: 'email', token_type: 'Bearer', expires_in: 3599 }),
            };
          },
        },
      },
    };
    script?.onload?.(new Event('load'));
    await expect(pending).resolves.toEqual({ access_token: 'at-1', scope: 'email', token_type: 'Bearer', expires_in: '3599' });
    expect(options).toMatchObject({ client_id: 'client-1', login_hint: 'g@example.com' });
    delete window.google;
  });
});
