import { useId } from 'react';
import { DEFAULT_PHONE_COUNTRY, TextField, type CountryCode } from '@haven/shared/form-kit';
import './PhoneField.css';

export interface PhoneFieldProps {
  country: string;
  onCountryChange(value: string): void;
  number: string;
  onNumberChange(value: string): void;
  onBlur?(): void;
  onPaste?(text: string): void;
  error?: string;
  hint?: string;
  label?: string;
  countries: readonly CountryCode[] | null;
  /** Forwarded to the number input (react-hook-form's focus on error). */
  inputRef?: React.Ref<HTMLInputElement>;
  name?: string;
  /** The number input's id (a form that moves focus to it itself). */
  id?: string;
  /** Someone else's number (a partner's): the browser must not offer the person's own. */
  othersNumber?: boolean;
}

/** Characters a person uses to write a phone number; anything else (letters) never gets in. */
const NOT_PHONE_CHAR = /[^\d+\-(). ]/g;

/**
 * Country code + mobile number, as drawn (MobileNumberField is the one a form uses). The number is taken
 * as people write it ("+91 98765 43210", "07911 123456") and never cut short: the form reads it rather
 * than the input.
 */
export function PhoneField({
  country,
  onCountryChange,
  number,
  onNumberChange,
  onBlur,
  onPaste,
  error,
  hint,
  label = 'Mobile number',
  countries,
  inputRef,
  name = 'mobile',
  id,
  othersNumber = false,
}: PhoneFieldProps) {
  const selectId = useId();
  return (
    <div className="hv-phone-field">
      <div className="hv-text-field">
        <label className="hv-text-field__label" htmlFor={selectId}>
          Country code
        </label>
        <select
          id={selectId}
          className="hv-text-field__input hv-phone-field__select"
          value={country}
          onChange={(e) => onCountryChange(e.target.value)}
          autoComplete={othersNumber ? 'off' : 'tel-country-code'}
        >
          {countries ? (
            countries.map((c) => (
              <option key={c.value} value={c.value}>
                {c.country} ({c.dialCode})
              </option>
            ))
          ) : (
            <option value={country}>{country === DEFAULT_PHONE_COUNTRY ? 'India (+91)' : country}</option>
          )}
        </select>
      </div>
      <TextField
        // TextField passes `ref` on to its input (React 19 refs are props); spread: its props type omits ref.
        {...{ ref: inputRef }}
        id={id}
        name={name}
        label={label}
        type="tel"
        inputMode="tel"
        autoComplete={othersNumber ? 'off' : 'tel'}
        value={number}
        oneMessage
        hint={hint}
        onChange={(e) => onNumberChange(e.target.value.replace(NOT_PHONE_CHAR, ''))}
        onPaste={(e) => {
          const text = e.clipboardData.getData('text');
          if (!onPaste || !text) return;
          e.preventDefault();
          onPaste(text.replace(NOT_PHONE_CHAR, ''));
        }}
        onBlur={onBlur}
        error={error}
      />
    </div>
  );
}
