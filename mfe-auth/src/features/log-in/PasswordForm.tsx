import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, isValidEmail, loginWithPassword, TextField, useForm } from '@haven/shared';
import { FormAlert } from '../common/FormAlert';
import { useRouterNavigate } from '../common/useAfterLogin';

interface PasswordValues {
  email: string;
  password: string;
}

/** E-mail + password (devise sign-in). A failed attempt keeps both fields as typed. */
export function PasswordForm() {
  const navigate = useRouterNavigate();
  const [params] = useSearchParams();
  const [serverError, setServerError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({ defaultValues: { email: '', password: '' } });

  const onSubmit = async ({ email, password }: PasswordValues) => {
    setServerError(null);
    const outcome = await loginWithPassword(email, password, { navigate });
    if (!outcome.ok) setServerError(outcome.error);
    // Success: the page follows the store's user (LogInPage) to the after-login target.
  };

  const forgotLink = `/forgot-password${params.toString() ? `?${params.toString()}` : ''}`;
  return (
    <form className="hv-auth__form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Log in with e-mail and password">
      <FormAlert message={serverError} />
      <TextField
        label="E-mail"
        type="email"
        autoComplete="username"
        inputMode="email"
        error={errors.email?.message}
        {...register('email', {
          required: 'Enter your e-mail address',
          validate: (value) => isValidEmail(value) || 'Enter a valid e-mail address',
        })}
      />
      <TextField
        label="Password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password', { required: 'Enter your password' })}
      />
      <label className="hv-auth__check">
        <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} />
        Show password
      </label>
      <Button type="submit" block disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? 'Logging in…' : 'Log in'}
      </Button>
      <p className="hv-auth__links">
        <Link to={forgotLink}>Forgot password?</Link>
      </p>
    </form>
  );
}
