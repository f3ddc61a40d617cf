import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage, reportError, Spinner, startAuth } from '@haven/shared';
import { useRouterNavigate } from '../features/common/useAfterLogin';
import { LogInPage } from '../features/log-in/LogInPage';
import { LogOutPage } from '../features/log-out/LogOutPage';

// The log-in page is in the first chunk: it is the route most people arrive on. Every other page's code
// loads on the route that uses it, so log-in's first paint skips sign-up, registration and the password
// and SSO pages (issue 7).
const SignUpPage = lazy(() => import('../features/sign-up/SignUpPage').then((m) => ({ default: m.SignUpPage })));
const ForgotPasswordPage = lazy(() => import('../features/password/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })));
const SetPasswordPage = lazy(() => import('../features/password/SetPasswordPage').then((m) => ({ default: m.SetPasswordPage })));
const ChangePasswordPage = lazy(() => import('../features/password/ChangePasswordPage').then((m) => ({ default: m.ChangePasswordPage })));
const CreatePasswordPage = lazy(() => import('../features/password/CreatePasswordPage').then((m) => ({ default: m.CreatePasswordPage })));
const RegistrationFormPage = lazy(() =>
  import('../features/registration-form/RegistrationFormPage').then((m) => ({ default: m.RegistrationFormPage })),
);
const SsoCallbackPage = lazy(() => import('../features/sso/SsoCallbackPage').then((m) => ({ default: m.SsoCallbackPage })));

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
