import { TextField } from '@haven/shared/form-kit';
import { type FieldErrors, type FieldValues, type Path, type UseFormGetValues, type UseFormRegister } from '@haven/shared/forms';
import { confirmRule, PASSWORD_MIN_LENGTH, passwordRules } from './password-rules';

interface PasswordValues {
  password: string;
  passwordConfirmation: string;
}

export interface NewPasswordFieldsProps<T extends FieldValues & PasswordValues> {
  register: UseFormRegister<T>;
  getValues: UseFormGetValues<T>;
  errors: FieldErrors<T>;
  /** 'Password' on sign-up, 'New password' where one is replaced. */
  label: 'Password' | 'New password';
}

/** A new password and its confirmation, checked with the api's length rule and for a match. */
export function NewPasswordFields<T extends FieldValues & PasswordValues>({
  register,
  getValues,
  errors,
  label,
}: NewPasswordFieldsProps<T>) {
  // react-hook-form cannot resolve paths of a generic form type; every form here has these two fields.
  const password = 'password' as Path<T>;
  const confirmation = 'passwordConfirmation' as Path<T>;
  const fieldErrors = errors as FieldErrors<PasswordValues>;
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        oneMessage
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        error={fieldErrors.password?.message}
        {...register(password, passwordRules)}
      />
      <TextField
        label={`Confirm ${label.toLowerCase()}`}
        type="password"
        autoComplete="new-password"
        oneMessage
        error={fieldErrors.passwordConfirmation?.message}
        {...register(
          confirmation,
          confirmRule(() => String(getValues(password) ?? '')),
        )}
      />
    </>
  );
}
