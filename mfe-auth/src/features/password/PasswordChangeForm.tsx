import { useState } from 'react';
import { Button, changePassword, TextField, useForm } from '@haven/shared';
import { FormAlert, FormStatus } from '../common/FormAlert';
import { NewPasswordFields } from '../common/NewPasswordFields';
import '../common/auth-forms.css';

interface Values {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

/**
 * A signed-in password change; `askCurrent` false is the create-password step (an account made by
 * one-time code, Google or a partner link has no password yet).
 */
export function PasswordChangeForm({ askCurrent, onDone }: { askCurrent: boolean; onDone?: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { currentPassword: '', password: '', passwordConfirmation: '' } });

  const onSubmit = async (v: Values) => {
    setServerError(null);
    setDone(null);
    const result = await changePassword(askCurrent ? v.currentPassword : '', v.password, v.passwordConfirmation);
    if (!result.ok) {
      setServerError(result.error);
      return;
    }
    setDone(result.message);
    onDone?.();
  };

  return (
    <form className="hv-auth__form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label={askCurrent ? 'Change password' : 'Create a password'}>
      <FormAlert message={serverError} />
      <FormStatus message={done} />
      {askCurrent ? (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword', { required: 'Enter your current password' })}
        />
      ) : null}
      <NewPasswordFields register={register} getValues={getValues} errors={errors} label="New password" />
      <Button type="submit" block disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save password'}
      </Button>
    </form>
  );
}
