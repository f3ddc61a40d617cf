import { useLocation } from 'react-router-dom';
import { PageFrame } from '@haven/shared';
import { RequireLogin } from '../common/RequireLogin';
import { PasswordChangeForm } from './PasswordChangeForm';
import '../common/auth-forms.css';

/** Router state a page sending the user here may carry: a note saying why (e.g. from /create-password). */
export interface ChangePasswordState {
  note?: string;
}

/** /change-password and /changepassword: signed in, with the current password. */
export function ChangePasswordPage() {
  const { pathname, state } = useLocation();
  const note = (state as ChangePasswordState | null)?.note;
  return (
    <PageFrame title="Change your password" app="mfe-auth" pathname={pathname}>
      <div className="hv-auth">
        {note ? (
          <p className="hv-auth__note" role="status">
            {note}
          </p>
        ) : null}
        <section className="hv-auth__card" aria-label="Change your password">
          <RequireLogin>
            <PasswordChangeForm askCurrent />
          </RequireLogin>
        </section>
      </div>
    </PageFrame>
  );
}
