import {
  type LimitedRoute,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormRegister,
  type UseFormSetValue,
} from '@haven/shared/forms';
import { TextField } from '@haven/shared/form-kit';
import { nameRules } from './name-rules';

interface NameValues {
  firstName: string;
  lastName: string;
}

export interface NameFieldsProps<T extends FieldValues & NameValues> {
  register: UseFormRegister<T>;
  setValue: UseFormSetValue<T>;
  errors: FieldErrors<T>;
  /** The api route whose schema limits the names. */
  route: LimitedRoute;
}

/** The api's name fields, mapped to the form's (for useApiSubmit). */
export const NAME_API_FIELDS = {
  first_name: { name: 'firstName', label: 'First name' },
  last_name: { name: 'lastName', label: 'Last name' },
} as const;

/** First name (required) and last name, cleaned as typed and checked before sending. */
export function NameFields<T extends FieldValues & NameValues>({ register, setValue, errors, route }: NameFieldsProps<T>) {
  // react-hook-form cannot resolve paths of a generic form type; every form here has these two fields.
  const first = 'firstName' as Path<T>;
  const last = 'lastName' as Path<T>;
  const fieldErrors = errors as FieldErrors<NameValues>;
  const set = (name: Path<T>) => (value: string) => setValue(name, value as PathValue<T, Path<T>>);
  return (
    <>
      <TextField
        label="First name"
        autoComplete="given-name"
        oneMessage
        error={fieldErrors.firstName?.message}
        {...register(first, nameRules(route, 'first_name', 'First name', true, set(first)))}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        oneMessage
        error={fieldErrors.lastName?.message}
        {...register(last, nameRules(route, 'last_name', 'Last name', false, set(last)))}
      />
    </>
  );
}
