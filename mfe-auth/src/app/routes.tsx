import { useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage, reportError, startAuth } from '@haven/shared';
import { useRouterNavigate } from '../features/common/useAfterLogin';
import { LogInPage } from '../features/log-in/LogInPage';
import { LogOutPage } from '../features/log-out/LogOutPage';
import { SignUpPage } from '../features/sign-up/SignUpPage';
import { ForgotPasswordPage } from '../features/password/ForgotPasswordPage';
import { SetPasswordPage } from '../features/password/SetPasswordPage';
import { ChangePasswordPage } from '../features/password/ChangePasswordPage';
import { CreatePasswordPage } from '../features/password/CreatePasswordPage';
import { RegistrationFormPage } from '../features/registration-form/RegistrationFormPage';
import { SsoCallbackPage } from '../features/sso/SsoCallbackPage';

/**
 * The spec §4 lifecycle (on-load checks, code-based login, cross-tab logout). The shell starts it for
 * the whole page; this remote asks too, so it also works standalone — the call is idempotent.
 */
function useAuthLifecycle() {
  const navigate = useRouterNavigate();
  useEffect(() => {
    startAuth({ navigate }).catch((error: unknown) => reportError(error, { where: 'mfe-auth startAuth' }));
  }, [navigate]);
}

export function AppRoutes() {
  useAuthLifecycle();
  return (
    <Routes>
      <Route path="/auth/log-in/*" element={<LogInPage />} />
      <Route path="/auth/log-out/*" element={<LogOutPage />} />
      <Route path="/auth/sso/callback" element={<SsoCallbackPage />} />
      <Route path="/auth/sign-up/*" element={<SignUpPage />} />
      <Route path="/set-password/*" element={<SetPasswordPage />} />
      <Route path="/forgot-password/*" element={<ForgotPasswordPage />} />
      <Route path="/change-password/*" element={<ChangePasswordPage />} />
      <Route path="/changepassword/*" element={<ChangePasswordPage />} />
      <Route path="/create-password/*" element={<CreatePasswordPage />} />
      <Route path="/registration-form/*" element={<RegistrationFormPage />} />
      <Route path="*" element={<NotFoundPage app="mfe-auth" />} />
    </Routes>
  );
}
