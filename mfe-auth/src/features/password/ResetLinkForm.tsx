import { Button, emailProblem, EMAIL_MESSAGES, fieldLimit, forgotPassword, FormMessage, limitProblem, TextField, useApiSubmit, useForm } from '@haven/shared';
import { isAxiosError } from 'axios';
import '../common/auth-forms.css';

const EMAIL_LIMIT = fieldLimit('POST /api/v1/auth/password', 'email');

/** Contracts: the same words whether or not an account uses the address (no enumeration). */
export function neutralResetText(email: string): string {
  return `If an account exists for ${email}, we have sent a link to reset your password.`;
}

/**
 * E-mail → reset link. Used by /forgot-password and, in place, by /set-password when a link has
 * expired or was used. The answer is always the neutral text; a rate limit counts down.
 */
export function ResetLinkForm({ submitLabel, formLabel }: { submitLabel: string; formLabel: string }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const submit = useApiSubmit<{ email: string }>({ setError, action: 'send the reset link', fields: { email: { name: 'email', label: 'E-mail' } } });

  const onSubmit = async ({ email }: { email: string }) => {
    submit.clear();
    const result = await forgotPassword(email);
    // An api that still answers 404 for an unknown address must not tell the page either.
    if (result.ok || (isAxiosError(result.cause) && result.cause.response?.status === 404)) submit.succeed(neutralResetText(email.trim()));
    else submit.fail(result.cause);
  };

  const wait = submit.waitSeconds;
  return (
    <form className="hv-auth__form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label={formLabel}>
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        oneMessage
        error={errors.email?.message}
        {...register('email', {
          validate: (value) => {
            const problem = emailProblem(value);
            return problem === 'missing' || problem === 'invalid' ? EMAIL_MESSAGES[problem] : (limitProblem(value.trim(), EMAIL_LIMIT, 'E-mail') ?? true);
          },
        })}
      />
      <Button type="submit" block disabled={isSubmitting || wait > 0} aria-busy={isSubmitting}>
        {isSubmitting ? 'Sending…' : wait > 0 ? `${submitLabel} (wait ${wait}s)` : submitLabel}
      </Button>
      <FormMessage message={submit.message} />
    </form>
  );
}
