import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button, forgotPassword, isValidEmail, PageFrame, TextField, useForm } from '@haven/shared';
import { FormAlert, FormStatus } from '../common/FormAlert';
import '../common/auth-forms.css';

/** /forgot-password: sends the reset link (it comes back to /set-password). */
export function ForgotPasswordPage() {
  const { pathname } = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  const onSubmit = async ({ email }: { email: string }) => {
    setServerError(null);
    setSent(null);
    const result = await forgotPassword(email);
    if (result.ok) setSent(result.message);
    else setServerError(result.error);
  };

  return (
    <PageFrame title="Forgot your password?" app="mfe-auth" pathname={pathname}>
      <div className="hv-auth">
        <section className="hv-auth__card" aria-label="Reset your password">
          <p className="hv-auth__lead">Enter the e-mail of your account and we will send you a link to set a new password.</p>
          <form className="hv-auth__form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Send reset link">
            <FormAlert message={serverError} />
            <FormStatus message={sent} />
            <TextField
              label="E-mail"
              type="email"
              autoComplete="email"
              inputMode="email"
              error={errors.email?.message}
              {...register('email', { required: 'Enter your e-mail address', validate: (v) => isValidEmail(v) || 'Enter a valid e-mail address' })}
            />
            <Button type="submit" block disabled={isSubmitting} aria-busy={isSubmitting}>
              {isSubmitting ? 'Sending…' : 'Send reset link'}
            </Button>
          </form>
        </section>
        <p>
          <Link to="/auth/log-in/">Back to log in</Link>
        </p>
      </div>
    </PageFrame>
  );
}
