import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Button, isCodeLoginInProgress, PageFrame, useHavenStore } from '@haven/shared';
import { useAfterLogin } from '../common/useAfterLogin';
import { GoogleSignIn } from './GoogleSignIn';
import { OtpForm } from './OtpForm';
import { PasswordForm } from './PasswordForm';
import '../common/auth-forms.css';

type Method = 'password' | 'otp';

/**
 * /auth/log-in/ (query redirectPath or CRNID): e-mail + password, a one-time code, or Google. Both
 * forms stay mounted while the other is shown, so switching never loses what was typed. Once the
 * store has a user (this login, or a session validated on load) the page moves on per spec §2.
 */
export function LogInPage() {
  const user = useHavenStore((s) => s.auth.user);
  const goAfterLogin = useAfterLogin();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [method, setMethod] = useState<Method>('password');
  // The code form (and its country list, ~60 KB) is mounted the first time it is chosen, then kept
  // mounted so what was typed survives switching back and forth.
  const [otpOpened, setOtpOpened] = useState(false);
  const chooseOtp = () => {
    setOtpOpened(true);
    setMethod('otp');
  };

  useEffect(() => {
    // A code-based login (code + CRNID / auth_token) sends the user on itself.
    if (user && !isCodeLoginInProgress()) goAfterLogin(user);
  }, [user, goAfterLogin]);

  const signUpLink = `/auth/sign-up${params.toString() ? `?${params.toString()}` : ''}`;
  return (
    <PageFrame title="Log in" app="mfe-auth" pathname={pathname}>
      <div className="hv-auth">
        <p className="hv-auth__lead">Welcome back. Log in to book sessions and continue your care.</p>
        <section className="hv-auth__card" aria-label="Log in">
          <div className="hv-auth__tabs" role="group" aria-label="How to log in">
            <Button variant={method === 'password' ? 'primary' : 'secondary'} aria-pressed={method === 'password'} onClick={() => setMethod('password')}>
              Password
            </Button>
            <Button variant={method === 'otp' ? 'primary' : 'secondary'} aria-pressed={method === 'otp'} onClick={chooseOtp}>
              One-time code
            </Button>
          </div>
          <div hidden={method !== 'password'}>
            <PasswordForm />
          </div>
          {otpOpened ? (
            <div hidden={method !== 'otp'}>
              <OtpForm />
            </div>
          ) : null}
          <p className="hv-auth__divider">or</p>
          <GoogleSignIn />
        </section>
        <p>
          New here? <Link to={signUpLink}>Create an account</Link>
        </p>
      </div>
    </PageFrame>
  );
}
