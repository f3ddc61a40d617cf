import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import {
  afterPagePainted,
  Button,
  ErrorBoundary,
  isCodeLoginInProgress,
  PageFrame,
  reportError,
  Spinner,
  useHavenStore,
} from '@haven/shared';
import { useAfterLogin } from '../common/useAfterLogin';
import { GoogleSignIn } from './GoogleSignIn';
import { AppleSignIn, FacebookSignIn } from '../social-sign-in/SocialSignIn';
import { CODE_STEP, STEP_PARAM } from './otp-url';
import { PasswordForm } from './PasswordForm';
import '../common/auth-forms.css';

// The code form (its country list, phone reader and code step, ~3 KB) is a chunk of its own: the password
// tab paints without it, and it is fetched once the page has painted, so choosing the tab finds it there.
const loadOtpForm = () => import('./OtpForm');
const OtpForm = lazy(() => loadOtpForm().then((m) => ({ default: m.OtpForm })));
const OTP_FORM_UNAVAILABLE =
  'The one-time code form could not be loaded. Check your internet connection and reload the page, or log in with your password.';

type Method = 'password' | 'otp';
/** The chosen way in, in the URL so a reload or Back keeps it. */
export const METHOD_PARAM = 'method';

/**
 * /auth/log-in/ (query redirectPath or CRNID): e-mail + password, a one-time code, or Google. Both
 * forms stay mounted while the other is shown, so switching never loses what was typed. Once the
 * store has a user (this login, or a session validated on load) the page moves on (product rules, Routes and redirects).
 */
export function LogInPage() {
  const user = useHavenStore((s) => s.auth.user);
  const goAfterLogin = useAfterLogin();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const chosen = params.get(METHOD_PARAM);
  const method: Method = chosen === 'otp' || (chosen !== 'password' && params.get(STEP_PARAM) === CODE_STEP) ? 'otp' : 'password';
  // The code form (with its country list and phone reader) is mounted the first time it is chosen,
  // never on the password tab's first paint, then kept mounted so what was typed survives switching.
  const [otpOpened, setOtpOpened] = useState(method === 'otp');
  const choose = (next: Method) => {
    if (next === 'otp') setOtpOpened(true);
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        if (next === 'otp') p.set(METHOD_PARAM, 'otp');
        else p.delete(METHOD_PARAM);
        return p;
      },
      { replace: true },
    );
  };

  useEffect(() => {
    void afterPagePainted()
      .then(loadOtpForm)
      // The tab's own load meets the same failure and shows its message; this reports where it began.
      .catch((error: unknown) => reportError(error, { where: 'one-time code form prefetch' }));
  }, []);

  useEffect(() => {
    // A code-based login (code + CRNID / auth_token) sends the user on itself.
    if (user && !isCodeLoginInProgress()) goAfterLogin(user);
  }, [user, goAfterLogin]);

  const carried = new URLSearchParams(params);
  carried.delete(METHOD_PARAM);
  carried.delete(STEP_PARAM);
  const signUpLink = `/auth/sign-up${carried.toString() ? `?${carried.toString()}` : ''}`;
  return (
    <PageFrame title="Log in" app="mfe-auth" pathname={pathname}>
      <div className="hv-auth">
        <p className="hv-auth__lead">Welcome back. Log in to book sessions and continue your care.</p>
        <section className="hv-auth__card" aria-label="Log in">
          <div className="hv-auth__tabs" role="group" aria-label="How to log in">
            <Button
              variant={method === 'password' ? 'primary' : 'secondary'}
              aria-pressed={method === 'password'}
              onClick={() => choose('password')}
            >
              Password
            </Button>
            <Button variant={method === 'otp' ? 'primary' : 'secondary'} aria-pressed={method === 'otp'} onClick={() => choose('otp')}>
              One-time code
            </Button>
          </div>
          <div hidden={method !== 'password'}>
            <PasswordForm />
          </div>
          {otpOpened || method === 'otp' ? (
            <div hidden={method !== 'otp'}>
              <ErrorBoundary fallback={<p role="alert">{OTP_FORM_UNAVAILABLE}</p>}>
                <Suspense fallback={<Spinner label="Loading the code form" />}>
                  <OtpForm />
                </Suspense>
              </ErrorBoundary>
            </div>
          ) : null}
          <p className="hv-auth__divider">or</p>
          <GoogleSignIn />
          <AppleSignIn />
          <FacebookSignIn />
        </section>
        <p>
          New here? <Link to={signUpLink}>Create an account</Link>
        </p>
      </div>
    </PageFrame>
  );
}
