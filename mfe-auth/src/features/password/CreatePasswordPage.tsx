import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PageFrame, safeRedirectPath } from '@haven/shared';
import { RequireLogin } from '../common/RequireLogin';
import type { ChangePasswordState } from './ChangePasswordPage';
import { PasswordChangeForm } from './PasswordChangeForm';
import '../common/auth-forms.css';

export const HAS_PASSWORD_NOTE = 'Your account already has a password. To set a new one, enter your current password.';

/** /create-password: the after-login step for an account without a password; then on to redirectPath. */
export function CreatePasswordPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <PageFrame title="Create a password" app="mfe-auth" pathname={pathname}>
      <div className="hv-auth">
        <section className="hv-auth__card" aria-label="Create a password">
          <p className="hv-auth__lead">Set a password so you can also log in with your e-mail next time.</p>
          <RequireLogin>
            <PasswordChangeForm
              askCurrent={false}
              onDone={() => navigate(safeRedirectPath(params.get('redirectPath'), '/'), { replace: true })}
              // Not a dead end: an account with a password changes it instead.
              onHasPassword={() =>
                navigate(`/change-password${params.toString() ? `?${params.toString()}` : ''}`, {
                  replace: true,
                  state: { note: HAS_PASSWORD_NOTE } satisfies ChangePasswordState,
                })
              }
            />
          </RequireLogin>
        </section>
      </div>
    </PageFrame>
  );
}
