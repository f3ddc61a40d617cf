import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Button, PageFrame, toast, useHavenStore } from '@haven/shared';
import { setPasswordWithToken } from '@haven/shared/auth-flows';
import { describeApiError, FormMessage, useApiSubmit, type KnownApiError } from '@haven/shared/form-kit';
import { useForm } from '@haven/shared/forms';
import { NewPasswordFields } from '../common/NewPasswordFields';
import { useAfterLogin, useRouterNavigate } from '../common/useAfterLogin';
import { ResetLinkForm } from './ResetLinkForm';
import '../common/auth-forms.css';

interface Values {
  password: string;
  passwordConfirmation: string;
}

export const RESET_LINK_DEAD = 'This reset link has expired or was already used.';
const KNOWN: KnownApiError[] = [
  { text: 'Reset password token is invalid or has expired', field: 'reset_password_token', message: RESET_LINK_DEAD },
];

/** /set-password?reset_password_token=…: a new password from the e-mailed link; signs the user in. */
export function SetPasswordPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const token = params.get('reset_password_token');
  const user = useHavenStore((s) => s.auth.user);
  const goAfterLogin = useAfterLogin();
  const navigate = useRouterNavigate();
  // An expired or used link: said plainly, with a new one offered right here.
  const [linkDead, setLinkDead] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ shouldFocusError: false, defaultValues: { password: '', passwordConfirmation: '' } });
  const submit = useApiSubmit<Values>({
    setError,
    action: 'save your new password',
    fields: {
      password: { name: 'password', label: 'New password' },
      password_confirmation: { name: 'passwordConfirmation', label: 'Confirm new password' },
    },
  });

  useEffect(() => {
    if (user && token) goAfterLogin(user);
  }, [user, token, goAfterLogin]);

  const onSubmit = async (v: Values) => {
    if (!token) return;
    submit.clear();
    const outcome = await setPasswordWithToken(token, v.password, v.passwordConfirmation, { navigate });
    if (outcome.ok) {
      toast.success('Your new password is saved. You are logged in.');
      return;
    }
    if (outcome.reason !== 'auth') {
      submit.showError(outcome.error);
      return;
    }
    const d = describeApiError(outcome.cause, { action: 'save your new password', known: KNOWN });
    if (d.kind === 'field' && d.field === 'reset_password_token') setLinkDead(true);
    else submit.fail(outcome.cause);
  };

  const wait = submit.waitSeconds;
  return (
    <PageFrame title="Set a new password" app="mfe-auth" pathname={pathname}>
      <div className="hv-auth">
        <section className="hv-auth__card" aria-label="Set a new password">
          {!token ? (
            <p>
              This page needs the link from your reset e-mail. <Link to="/forgot-password">Send me a reset link</Link>
            </p>
          ) : linkDead ? (
            <>
              <FormMessage message={{ tone: 'error', text: `${RESET_LINK_DEAD} Enter your e-mail and we will send you a new one.` }} />
              <ResetLinkForm formLabel="Send a new link" submitLabel="Send a new link" />
            </>
          ) : (
            <form
              className="hv-auth__form"
              noValidate
              onSubmit={handleSubmit(onSubmit, submit.focusInvalid)}
              aria-label="Set a new password"
            >
              <NewPasswordFields register={register} getValues={getValues} errors={errors} label="New password" />
              <Button type="submit" block disabled={isSubmitting || wait > 0} aria-busy={isSubmitting}>
                {isSubmitting ? 'Saving…' : wait > 0 ? `Save password and log in (wait ${wait}s)` : 'Save password and log in'}
              </Button>
              <FormMessage message={submit.message} />
            </form>
          )}
        </section>
      </div>
    </PageFrame>
  );
}
