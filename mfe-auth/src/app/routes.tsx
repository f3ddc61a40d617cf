import { Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import { lazyPage, NotFoundPage, reportError, Spinner, startAuth } from '@haven/shared';
import { useRouterNavigate } from '../features/common/useAfterLogin';
import { LogInPage } from '../features/log-in/LogInPage';
import { LogOutPage } from '../features/log-out/LogOutPage';

// The log-in page is in the first chunk: it is the route most people arrive on. Every other page's code
// loads on the route that uses it, so log-in's first paint skips sign-up, registration and the password
// and SSO pages.
const SignUpPage = lazyPage(() => import('../features/sign-up/SignUpPage'), 'SignUpPage');
const ForgotPasswordPage = lazyPage(() => import('../features/password/ForgotPasswordPage'), 'ForgotPasswordPage');
const SetPasswordPage = lazyPage(() => import('../features/password/SetPasswordPage'), 'SetPasswordPage');
const ChangePasswordPage = lazyPage(() => import('../features/password/ChangePasswordPage'), 'ChangePasswordPage');
const CreatePasswordPage = lazyPage(() => import('../features/password/CreatePasswordPage'), 'CreatePasswordPage');
const RegistrationFormPage = lazyPage(() => import('../features/registration-form/RegistrationFormPage'), 'RegistrationFormPage');
const SsoCallbackPage = lazyPage(() => import('../features/sso/SsoCallbackPage'), 'SsoCallbackPage');

/**
 * The lifecycle (on-load checks, code-based login, cross-tab logout). The shell starts it for
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
    <Suspense fallback={<Spinner label="Loading page" />}>
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
    </Suspense>
  );
}
