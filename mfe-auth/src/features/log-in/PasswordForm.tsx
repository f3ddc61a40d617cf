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

interface PasswordValues {
  email: string;
  password: string;
}

const KNOWN: KnownApiError[] = [
  { text: 'Invalid login credentials. Please try again.', field: '', message: 'Invalid login credentials. Please try again.' },
];

/** E-mail + password (devise sign-in). A failed attempt keeps both fields as typed. */
export function PasswordForm() {
  const navigate = useRouterNavigate();
  const [params] = useSearchParams();
  const [showPassword, setShowPassword] = useState(false);
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
    const outcome = await loginWithPassword(email, password, { navigate });
    if (outcome.ok) return; // the page follows the store's user (LogInPage) to the after-login target
    if (outcome.reason === 'auth') submit.fail(outcome.cause);
    else submit.showError(outcome.error);
  };

  const forgot = new URLSearchParams(params);
  forgot.delete('method');
  forgot.delete('step');
  const forgotLink = `/forgot-password${forgot.toString() ? `?${forgot.toString()}` : ''}`;
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
      <FormMessage message={submit.message} />
      <p className="hv-auth__links">
        <Link to={forgotLink}>Forgot password?</Link>
      </p>
    </form>
  );
}
