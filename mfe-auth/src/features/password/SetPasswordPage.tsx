import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Button, PageFrame, setPasswordWithToken, useForm, useHavenStore } from '@haven/shared';
import { FormAlert } from '../common/FormAlert';
import { NewPasswordFields } from '../common/NewPasswordFields';
import { useAfterLogin, useRouterNavigate } from '../common/useAfterLogin';
import '../common/auth-forms.css';

interface Values {
  password: string;
  passwordConfirmation: string;
}

/** /set-password?reset_password_token=…: a new password from the e-mailed link; signs the user in. */
export function SetPasswordPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const token = params.get('reset_password_token');
  const user = useHavenStore((s) => s.auth.user);
  const goAfterLogin = useAfterLogin();
  const navigate = useRouterNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { password: '', passwordConfirmation: '' } });

  useEffect(() => {
    if (user && token) goAfterLogin(user);
  }, [user, token, goAfterLogin]);

  const onSubmit = async (v: Values) => {
    if (!token) return;
    setServerError(null);
    const outcome = await setPasswordWithToken(token, v.password, v.passwordConfirmation, { navigate });
    if (!outcome.ok) setServerError(outcome.error);
  };

  return (
    <PageFrame title="Set a new password" app="mfe-auth" pathname={pathname}>
      <div className="hv-auth">
        <section className="hv-auth__card" aria-label="Set a new password">
          {token ? (
            <form className="hv-auth__form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Set a new password">
              <FormAlert message={serverError}>{serverError ? <Link to="/forgot-password">Send a new link</Link> : null}</FormAlert>
              <NewPasswordFields register={register} getValues={getValues} errors={errors} label="New password" />
              <Button type="submit" block disabled={isSubmitting} aria-busy={isSubmitting}>
                {isSubmitting ? 'Saving…' : 'Save password and log in'}
              </Button>
            </form>
          ) : (
            <p>
              This page needs the link from your reset e-mail. <Link to="/forgot-password">Send me a reset link</Link>
            </p>
          )}
        </section>
      </div>
    </PageFrame>
  );
}
