// The country select and national number field of the account's phone forms (contact change, emergency
// and parent contacts): one phone rule, one place.
import { useEffect, useState } from 'react';
import { reportError } from '@haven/shared';
import { findCountry, isValidPhone, loadCountryCodes, TextField, type CountryCode } from '@haven/shared/form-kit';
import { type UseFormRegister } from '@haven/shared/forms';
import { phoneRuleText } from './phone-rule-text';

export interface PhoneValues {
  country: string;
  mobile: string;
}

export function useCountryCodes(): CountryCode[] | null {
  const [list, setList] = useState<CountryCode[] | null>(null);
  useEffect(() => {
    let alive = true;
    loadCountryCodes()
      .then((l) => alive && setList(l))
      .catch((e: unknown) => reportError(e, { where: 'account country codes' }));
    return () => {
      alive = false;
    };
  }, []);
  return list;
}

/** The chosen country (undefined until the list has loaded) and its dial code without the '+'. */
export function chosenCountry(countries: CountryCode[] | null, value: string): { country: CountryCode | undefined; dial: string } {
  const country = countries ? findCountry(countries, value) : undefined;
  return { country, dial: (country?.dialCode ?? '+91').replace('+', '') };
}

export function PhoneFields({
  id,
  label,
  countries,
  countryValue,
  register,
  error,
}: {
  id: string;
  label: string;
  countries: CountryCode[] | null;
  countryValue: string;
  // The forms carry more fields than these two; only `country` and `mobile` are registered here.
  register: UseFormRegister<PhoneValues>;
  error: string | undefined;
}) {
  const { country } = chosenCountry(countries, countryValue);
  return (
    <div className="hv-account__phone">
      <div className="hv-account__select-field">
        <label htmlFor={`${id}-country`}>Country code</label>
        <select id={`${id}-country`} className="hv-input" autoComplete="tel-country-code" {...register('country')}>
          {(countries ?? [{ value: 'IN', country: 'India', dialCode: '+91' }]).map((c) => (
            <option key={c.value} value={c.value}>
              {c.country} ({c.dialCode})
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={label}
        type="tel"
        digitsOnly
        autoComplete="tel-national"
        oneMessage
        error={error}
        hint={phoneRuleText(country)}
        {...register('mobile', {
          validate: (value) =>
            isValidPhone(value.replace(/[\s()-]/g, ''), country ?? { value: countryValue }) ||
            `Enter a valid mobile number. ${phoneRuleText(country)}`,
          setValueAs: (value: string) => value.replace(/[\s()-]/g, ''),
        })}
      />
    </div>
  );
}
