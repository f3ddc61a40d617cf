import { type LimitedRoute, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from '@haven/shared/forms';
import { TextField } from '@haven/shared/form-kit';
import { emailRules, type EmailRuleOptions } from './email-rules';

export interface EmailFieldProps<T extends FieldValues & { email: string }> extends EmailRuleOptions {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** The api route whose schema limits the address. */
  route: LimitedRoute;
  label: string;
  autoComplete?: 'email' | 'username';
  readOnly?: boolean;
  hint?: string;
}

/**
 * An e-mail field with its one message (a component, so it registers in page order and the first
 * invalid field above it is the one focused).
 */
export function EmailField<T extends FieldValues & { email: string }>({
  register,
  errors,
  route,
  label,
  autoComplete = 'email',
  readOnly,
  hint,
  ...rules
}: EmailFieldProps<T>) {
  const error = (errors as FieldErrors<{ email: string }>).email?.message;
  return (
    <TextField
      label={label}
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      oneMessage
      readOnly={readOnly}
      hint={hint}
      error={error}
      // react-hook-form cannot resolve paths of a generic form type; every form here names it `email`.
      {...register('email' as Path<T>, emailRules(route, label, rules))}
    />
  );
}
