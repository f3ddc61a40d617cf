import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@haven/shared';
import { loginWithPassword } from '@haven/shared/auth-flows';
import { FormMessage, TextField, useApiSubmit, type KnownApiError } from '@haven/shared/form-kit';
import { useForm } from '@haven/shared/forms';
import { EmailField } from '../common/EmailField';
import { useRouterNavigate } from '../common/useAfterLogin';
import { SsoOffer } from '../sso/SsoOffer';
import { useSsoDomainCheck } from '../sso/useSsoDomainCheck';
import { passwordRefusal, passwordRefusalText, WRONG_PASSWORD, type PasswordRefusal } from './password-refusal';

interface PasswordValues {
  email: string;
  password: string;
}

const KNOWN: KnownApiError[] = [{ text: 'Invalid login credentials. Please try again.', field: '', message: WRONG_PASSWORD }];

/** E-mail + password (devise sign-in). A failed attempt keeps both fields as typed. */
export function PasswordForm() {
  const navigate = useRouterNavigate();
  const [params] = useSearchParams();
  const [showPassword, setShowPassword] = useState(false);
  const [refusal, setRefusal] = useState<PasswordRefusal>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({ shouldFocusError: false, defaultValues: { email: '', password: '' } });
  const submit = useApiSubmit<PasswordValues>({
    setError,
    action: 'log you in',
    fields: { email: { name: 'email', label: 'E-mail' }, password: { name: 'password', label: 'Password' } },
    known: KNOWN,
  });

  const email = watch('email');
  const ssoConnection = useSsoDomainCheck(email);

  const onSubmit = async ({ email, password }: PasswordValues) => {
    submit.clear();
    setRefusal(null);
    const outcome = await loginWithPassword(email, password, { navigate });
    if (outcome.ok) return; // the page follows the store's user (LogInPage) to the after-login target
    if (outcome.reason !== 'auth') return submit.showError(outcome.error);
    submit.fail(outcome.cause);
    const more = passwordRefusal(outcome.cause);
    setRefusal(more);
    if (more) submit.showError(passwordRefusalText(more));
  };

  const forgot = new URLSearchParams(params);
  forgot.delete('method');
  forgot.delete('step');
  const forgotLink = `/forgot-password${forgot.toString() ? `?${forgot.toString()}` : ''}`;
  const codeParams = new URLSearchParams(params);
  codeParams.set('method', 'otp');
  const wait = submit.waitSeconds;
  return (
    <form
      className="hv-auth__form"
      noValidate
      onSubmit={handleSubmit(onSubmit, submit.focusInvalid)}
      aria-label="Log in with e-mail and password"
    >
      <EmailField
        register={register}
        errors={errors}
        route="POST /api/v1/auth/sign_in"
        label="E-mail"
        autoComplete="username"
        allowBlocked
      />
      {ssoConnection ? <SsoOffer connection={ssoConnection} email={email} /> : null}
      <TextField
        label="Password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        oneMessage
        error={errors.password?.message}
        {...register('password', { required: 'Enter your password' })}
      />
      <label className="hv-auth__check">
        <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} />
        Show password
      </label>
      <Button type="submit" block disabled={isSubmitting || wait > 0} aria-busy={isSubmitting}>
        {isSubmitting ? 'Logging in…' : wait > 0 ? `Log in (wait ${wait}s)` : 'Log in'}
      </Button>
      <FormMessage message={submit.message}>
        {refusal ? (
          <p className="hv-auth__links">
            <Link to={`?${codeParams.toString()}`} replace>
              Log in with a one-time code
            </Link>{' '}
            · <Link to={forgotLink}>Reset your password</Link>
          </p>
        ) : null}
      </FormMessage>
      <p className="hv-auth__links">
        <Link to={forgotLink}>Forgot password?</Link>
      </p>
    </form>
  );
}
