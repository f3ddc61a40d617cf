import { useId } from 'react';
import { digitsOnly, findCountry, isAllowedNumericKey, maxPhoneLength, TextField, type CountryCode } from '@haven/shared';
import { useCountryCodes } from './useCountryCodes';
import './auth-forms.css';

export const DEFAULT_COUNTRY = 'IN';

export interface PhoneFieldProps {
  country: string;
  onCountryChange(value: string): void;
  number: string;
  onNumberChange(value: string): void;
  onBlur?(): void;
  error?: string;
  label?: string;
  /** Forwarded to the number input (react-hook-form's focus on error). */
  inputRef?: React.Ref<HTMLInputElement>;
  name?: string;
}

/** Country code + mobile number. Only digits get in (typed, pasted or autofilled). */
export function PhoneField({ country, onCountryChange, number, onNumberChange, onBlur, error, label = 'Mobile number', inputRef, name = 'mobile' }: PhoneFieldProps) {
  const selectId = useId();
  const countries = useCountryCodes();
  const selected: CountryCode | undefined = countries ? findCountry(countries, country) : undefined;
  return (
    <div className="hv-auth__phone">
      <div className="hv-auth__select-field">
        <label htmlFor={selectId}>Country code</label>
        <select id={selectId} className="hv-auth__select" value={country} onChange={(e) => onCountryChange(e.target.value)} autoComplete="tel-country-code">
          {countries ? (
            countries.map((c) => (
              <option key={c.value} value={c.value}>
                {c.country} ({c.dialCode})
              </option>
            ))
          ) : (
            <option value={country}>{country === DEFAULT_COUNTRY ? 'India (+91)' : country}</option>
          )}
        </select>
      </div>
      <TextField
        // TextField passes `ref` on to its input (React 19 refs are props); spread: its props type omits ref.
        {...{ ref: inputRef }}
        name={name}
        label={label}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={maxPhoneLength(selected ?? { value: country })}
        value={number}
        onKeyDown={(e) => {
          if (!isAllowedNumericKey(e)) e.preventDefault();
        }}
        onChange={(e) => onNumberChange(digitsOnly(e.target.value))}
        onBlur={onBlur}
        error={error}
      />
    </div>
  );
}
