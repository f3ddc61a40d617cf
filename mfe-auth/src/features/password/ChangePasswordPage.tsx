import { useLocation } from 'react-router-dom';
import { PageFrame } from '@haven/shared';
import { RequireLogin } from '../common/RequireLogin';
import { PasswordChangeForm } from './PasswordChangeForm';
import '../common/auth-forms.css';

/** /change-password and /changepassword: signed in, with the current password. */
export function ChangePasswordPage() {
  const { pathname } = useLocation();
  return (
    <PageFrame title="Change your password" app="mfe-auth" pathname={pathname}>
      <div className="hv-auth">
        <section className="hv-auth__card" aria-label="Change your password">
          <RequireLogin>
            <PasswordChangeForm askCurrent />
          </RequireLogin>
        </section>
      </div>
    </PageFrame>
  );
}
