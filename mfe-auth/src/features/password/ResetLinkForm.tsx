import { Button, isApiError } from '@haven/shared';
import { forgotPassword } from '@haven/shared/auth-flows';
import { FormMessage, useApiSubmit } from '@haven/shared/form-kit';
import { useForm } from '@haven/shared/forms';
import { EmailField } from '../common/EmailField';
import '../common/auth-forms.css';

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
  } = useForm<{ email: string }>({ shouldFocusError: false, defaultValues: { email: '' } });
  const submit = useApiSubmit<{ email: string }>({
    setError,
    action: 'send the reset link',
    fields: { email: { name: 'email', label: 'E-mail' } },
  });

  const onSubmit = async ({ email }: { email: string }) => {
    submit.clear();
    const result = await forgotPassword(email);
    // An api that still answers 404 for an unknown address must not tell the page either.
    if (result.ok || (isApiError(result.cause) && result.cause.response?.status === 404)) submit.succeed(neutralResetText(email.trim()));
    else submit.fail(result.cause);
  };

  const wait = submit.waitSeconds;
  return (
    <form className="hv-auth__form" noValidate onSubmit={handleSubmit(onSubmit, submit.focusInvalid)} aria-label={formLabel}>
      <EmailField register={register} errors={errors} route="POST /api/v1/auth/password" label="E-mail" allowBlocked />
      <Button type="submit" block disabled={isSubmitting || wait > 0} aria-busy={isSubmitting}>
        {isSubmitting ? 'Sending…' : wait > 0 ? `${submitLabel} (wait ${wait}s)` : submitLabel}
      </Button>
      <FormMessage message={submit.message} />
    </form>
  );
}
