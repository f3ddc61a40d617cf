import { fieldLimit, limitProblem } from '@haven/shared/forms';
import { findCountry, isValidPhone } from '@haven/shared/form-kit';
import { Controller, useController, type Control, type FieldValues, type Path, type PathValue } from '@haven/shared/forms';
import { PhoneField } from './PhoneField';
import { readPhone } from './phone-payload';
import { phoneRuleText } from './phone-rule-text';
import { useCountryCodes } from './useCountryCodes';
import { usePhoneReader } from './usePhoneReader';

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
  /** The hint before the number is complete; once it is, the international number. */
  hint?: string;
  /**
   * The country's rule in words: the hint when none is given, and in the error. Where the field's one message
   * line must keep its height (the sign-in cards), the short error alone.
   */
  explainRule?: boolean;
}

const MOBILE_LIMIT = fieldLimit('POST /api/v1/auth', 'mobile');

/**
 * The one phone field of every form (log-in, sign-up, registration, the account's contacts):
 * country code + mobile number inside a react-hook-form form. What is typed or pasted is read
 * with libphonenumber-js (spaces, dashes, brackets, trunk 0; a +CC selects its country), then checked
 * with the rule and the api's pattern. On blur and paste the field shows the national digits and
 * the country it belongs to; the hint shows the international number the code will go to.
 */
export function MobileNumberField<T extends FieldValues>({
  control,
  mobileName,
  countryName,
  label,
  optional = false,
  isSkipped,
  hint,
  explainRule = false,
}: MobileNumberFieldProps<T>) {
  const countries = useCountryCodes();
  const reader = usePhoneReader();
  const { field: countryField } = useController({ control, name: countryName });
  const country = String(countryField.value ?? '');
  return (
    <Controller
      control={control}
      name={mobileName}
      rules={{
        validate: (value, values) => {
          const raw = String(value ?? '');
          if (isSkipped?.(values) || (optional && raw.trim() === '')) return true;
          const reading = readPhone(reader, raw, String((values as Record<string, unknown>)[countryName] ?? ''));
          const known = countries ? findCountry(countries, reading.country) : undefined;
          if (!isValidPhone(reading.national, known ?? { value: reading.country }))
            return explainRule ? `Enter a valid mobile number. ${phoneRuleText(known)}` : 'Enter a valid mobile number';
          return limitProblem(reading.national, MOBILE_LIMIT, 'Mobile number') ?? true;
        },
      }}
      render={({ field, fieldState }) => {
        const reading = readPhone(reader, String(field.value ?? ''), country);
        const entry = countries ? findCountry(countries, reading.country) : undefined;
        const complete = reading.international && isValidPhone(reading.national, entry ?? { value: reading.country });
        // Shows the number as the country it belongs to, and its national digits (never truncated).
        const settle = (raw: string) => {
          const r = readPhone(reader, raw, country);
          if (r.country !== country && countries && findCountry(countries, r.country))
            countryField.onChange(r.country as PathValue<T, Path<T>>);
          field.onChange((r.e164 ? r.national : raw) as PathValue<T, Path<T>>);
        };
        return (
          <PhoneField
            label={label}
            countries={countries}
            country={country}
            onCountryChange={countryField.onChange}
            number={String(field.value ?? '')}
            onNumberChange={field.onChange}
            onPaste={settle}
            onBlur={() => {
              settle(String(field.value ?? ''));
              field.onBlur();
            }}
            hint={complete ? `International number: ${reading.international}` : (hint ?? (explainRule ? phoneRuleText(entry) : undefined))}
            inputRef={field.ref}
            name={field.name}
            error={fieldState.error?.message}
          />
        );
      }}
    />
  );
}
