import { http } from 'msw';
import { havenStore } from '../../core/state/store';
import { changePassword, forgotPassword, setPasswordWithToken, signUpAndLogin } from './account-flows';
import { API, apiUser, calls, credHeaders, installAuthTestKit, json, server, signedIn } from '../../core/auth/test/auth-test-kit';
import { resetRealtimeMock } from '../../core/auth/test/realtime-mock';

jest.mock('../../core/realtime/realtime-client', () => jest.requireActual('../../core/auth/test/realtime-mock').realtime);

installAuthTestKit();
beforeEach(resetRealtimeMock);

describe('account flows', () => {
  it('sign-up signs the new patient in', async () => {
    server.use(http.post(`${API}/auth`, () => json({ status: 'success', data: apiUser() }, 200, credHeaders)));
    const outcome = await signUpAndLogin({
      email: ' new@example.com ',
      password: 'secret-123',
      password_confirmation: 'secret-123',
      first_name: 'Asha',
    });
    expect(outcome.ok).toBe(true);
    expect(JSON.parse(calls('POST', '/auth')[0]?.body ?? '{}')).toMatchObject({ email: 'new@example.com', first_name: 'Asha' });
    expect(havenStore.getState().auth.user?.id).toBe(7);
  });

  it("sign-up sends the referral link's code kept from the visit, once", async () => {
    window.localStorage.setItem('referral_code', 'ABCD2345');
    server.use(http.post(`${API}/auth`, () => json({ status: 'success', data: apiUser() }, 200, credHeaders)));
    await signUpAndLogin({ email: 'friend@example.com', password: 'secret-123', password_confirmation: 'secret-123' });
    expect(JSON.parse(calls('POST', '/auth')[0]?.body ?? '{}')).toMatchObject({ referral_code: 'ABCD2345' });
    expect(window.localStorage.getItem('referral_code')).toBeNull();
  });

  it('sign-up with a taken e-mail: the server message', async () => {
    server.use(
      http.post(`${API}/auth`, () => json({ message: 'Email has already been taken', errors: ['Email has already been taken'] }, 422)),
    );
    expect(await signUpAndLogin({ email: 'a@example.com', password: 'secret-123', password_confirmation: 'secret-123' })).toMatchObject({
      ok: false,
      error: 'Email has already been taken',
    });
  });

  it('forgot password sends the link back to /set-password', async () => {
    server.use(http.post(`${API}/auth/password`, () => json({ success: true, message: 'An email has been sent' })));
    expect(await forgotPassword('a@example.com', 'http://localhost:3000')).toEqual({ ok: true, message: 'An email has been sent' });
    expect(JSON.parse(calls('POST', '/auth/password')[0]?.body ?? '{}')).toEqual({
      email: 'a@example.com',
      redirect_url: 'http://localhost:3000/set-password',
    });
  });

  it('set password from the reset link signs in', async () => {
    server.use(http.put(`${API}/auth/password`, () => json({ success: true, data: apiUser(), message: 'ok' }, 200, credHeaders)));
    expect((await setPasswordWithToken('rt-1', 'secret-123', 'secret-123')).ok).toBe(true);
    expect(JSON.parse(calls('PUT', '/auth/password')[0]?.body ?? '{}')).toEqual({
      reset_password_token: 'rt-1',
      password: 'secret-123',
      password_confirmation: 'secret-123',
    });
  });

  it('change password sends the current one', async () => {
    signedIn();
    server.use(
      http.put(`${API}/auth/password`, () =>
        json({ message: 'Current password is invalid', errors: ['Current password is invalid'] }, 422),
      ),
    );
    expect(await changePassword('wrong', 'secret-456', 'secret-456')).toMatchObject({
      ok: false,
      error: 'Current password is invalid',
      cause: expect.anything(),
    });
  });
});
