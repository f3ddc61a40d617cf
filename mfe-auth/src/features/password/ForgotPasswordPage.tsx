import { Link, useLocation } from 'react-router-dom';
import { BackControl, PageFrame } from '@haven/shared';
import { ResetLinkForm } from './ResetLinkForm';
import '../common/auth-forms.css';

/** /forgot-password: sends the reset link (it comes back to /set-password). */
export function ForgotPasswordPage() {
  const { pathname } = useLocation();
  return (
    <PageFrame title="Forgot your password?" app="mfe-auth" pathname={pathname}>
      <div className="hv-auth">
        <section className="hv-auth__card" aria-label="Reset your password">
          <p className="hv-auth__lead">Enter the e-mail of your account and we will send you a link to set a new password.</p>
          <ResetLinkForm formLabel="Send reset link" submitLabel="Send reset link" />
        </section>
        <BackControl>
          <p>
            <Link to="/auth/log-in/">Back to log in</Link>
          </p>
        </BackControl>
      </div>
    </PageFrame>
  );
}
