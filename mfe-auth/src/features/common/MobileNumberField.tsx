import { Controller, findCountry, isValidPhone, useController, type Control, type FieldValues, type Path } from '@haven/shared';
import { PhoneField } from './PhoneField';
import { useCountryCodes } from './useCountryCodes';

export interface MobileNumberFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** The form's mobile-number and country-code fields (top level). */
  mobileName: Path<T>;
  countryName: Path<T>;
  label?: string;
  /** An empty number is accepted. */
  optional?: boolean;
  /** No check at all for these values (e.g. the e-mail channel is chosen). */
  isSkipped?: (values: T) => boolean;
}

/** Country code + mobile number inside a react-hook-form form, checked with the spec §5 phone rule. */
export function MobileNumberField<T extends FieldValues>({
  control,
  mobileName,
  countryName,
  label,
  optional = false,
  isSkipped,
}: MobileNumberFieldProps<T>) {
  const countries = useCountryCodes();
  const { field: countryField } = useController({ control, name: countryName });
  return (
    <Controller
      control={control}
      name={mobileName}
      rules={{
        validate: (value, values) => {
          const number = String(value ?? '');
          if (isSkipped?.(values) || (optional && number === '')) return true;
          const code = String((values as Record<string, unknown>)[countryName] ?? '');
          return isValidPhone(number, (countries && findCountry(countries, code)) || { value: code }) || 'Enter a valid mobile number';
        },
      }}
      render={({ field, fieldState }) => (
        <PhoneField
          label={label}
          country={String(countryField.value ?? '')}
          onCountryChange={countryField.onChange}
          number={String(field.value ?? '')}
          onNumberChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
