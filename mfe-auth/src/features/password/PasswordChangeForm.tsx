import { Button, toast } from '@haven/shared';
import { changePassword } from '@haven/shared/auth-flows';
import { FormMessage, TextField, useApiSubmit } from '@haven/shared/form-kit';
import { useForm } from '@haven/shared/forms';
import { NewPasswordFields } from '../common/NewPasswordFields';
import '../common/auth-forms.css';

interface Values {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

const EMPTY: Values = { currentPassword: '', password: '', passwordConfirmation: '' };
export const PASSWORD_SAVED = 'Your new password is saved.';

export interface PasswordChangeFormProps {
  askCurrent: boolean;
  onDone?: () => void;
  /** The create-password step found the account already has a password (the api wants the current one). */
  onHasPassword?: () => void;
}

/**
 * A signed-in password change; `askCurrent` false is the create-password step (an account made by
 * one-time code, Google or a partner link has no password yet). After a change the fields are cleared
 * and the success is confirmed (the message takes focus, and a toast).
 */
export function PasswordChangeForm({ askCurrent, onDone, onHasPassword }: PasswordChangeFormProps) {
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ shouldFocusError: false, defaultValues: EMPTY });
  const submit = useApiSubmit<Values>({
    setError,
    action: 'save your new password',
    fields: {
      ...(askCurrent ? { current_password: { name: 'currentPassword' as const, label: 'Current password' } } : {}),
      password: { name: 'password', label: 'New password' },
      password_confirmation: { name: 'passwordConfirmation', label: 'Confirm new password' },
    },
  });

  const onSubmit = async (v: Values) => {
    submit.clear();
    const result = await changePassword(askCurrent ? v.currentPassword : '', v.password, v.passwordConfirmation);
    if (!result.ok) {
      if (!askCurrent && result.error === 'Current password is invalid') onHasPassword?.();
      else submit.fail(result.cause);
      return;
    }
    reset(EMPTY);
    submit.succeed(PASSWORD_SAVED);
    toast.success(PASSWORD_SAVED);
    onDone?.();
  };

  const wait = submit.waitSeconds;
  return (
    <form
      className="hv-auth__form"
      noValidate
      onSubmit={handleSubmit(onSubmit, submit.focusInvalid)}
      aria-label={askCurrent ? 'Change password' : 'Create a password'}
    >
      {askCurrent ? (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          oneMessage
          error={errors.currentPassword?.message}
          {...register('currentPassword', { required: 'Enter your current password' })}
        />
      ) : null}
      <NewPasswordFields register={register} getValues={getValues} errors={errors} label="New password" />
      <Button type="submit" block disabled={isSubmitting || wait > 0} aria-busy={isSubmitting}>
        {isSubmitting ? 'Saving…' : wait > 0 ? `Save password (wait ${wait}s)` : 'Save password'}
      </Button>
      <FormMessage message={submit.message} />
    </form>
  );
}
