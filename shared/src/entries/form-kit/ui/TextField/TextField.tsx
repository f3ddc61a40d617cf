import { useId, type ChangeEvent, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { digitsOnly, isAllowedNumericKey } from '@haven/rules';
import '../../../../pure/tokens.css';
import './TextField.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode;
  /** Shown under the field; marks the input invalid and is read with it. */
  error?: ReactNode;
  /** Helper text under the field, read with it. */
  hint?: ReactNode;
  /**
   * One message under the field: the error replaces the hint in one line whose space is
   * always kept, so nothing below moves when a message appears; the line is a polite live region.
   */
  oneMessage?: boolean;
  /**
   * A numeric-only field (codes, PINs, a national mobile number): a key that would type anything but a
   * digit is refused, and what arrives another way (paste, autofill, a phone keyboard) keeps only its digits.
   */
  digitsOnly?: boolean;
}

/** Label + input + hint + error text, wired for assistive technology (aria-describedby, aria-invalid). */
export function TextField({
  label,
  error,
  hint,
  oneMessage = false,
  digitsOnly: numeric = false,
  id,
  className,
  type = 'text',
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const shownHint = oneMessage && error ? undefined : hint;
  const hintId = shownHint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [inputProps['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;
  const { onKeyDown, onChange } = inputProps;
  const numericHandlers = numeric
    ? {
        inputMode: inputProps.inputMode ?? ('numeric' as const),
        onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
          if (!isAllowedNumericKey(event)) event.preventDefault();
          onKeyDown?.(event);
        },
        onChange: (event: ChangeEvent<HTMLInputElement>) => {
          // Cleaned in place so a form library reading event.target.value sees the digits too.
          const cleaned = digitsOnly(event.target.value);
          if (cleaned !== event.target.value) event.target.value = cleaned;
          onChange?.(event);
        },
      }
    : {};

  return (
    <div className={['hv-text-field', error ? 'hv-text-field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="hv-text-field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        {...inputProps}
        {...numericHandlers}
        id={inputId}
        type={type}
        className="hv-text-field__input"
        aria-invalid={error ? true : inputProps['aria-invalid']}
        aria-describedby={describedBy}
      />
      {oneMessage ? (
        <div className="hv-text-field__message" aria-live="polite">
          {error ? (
            <p id={errorId} className="hv-text-field__error">
              {error}
            </p>
          ) : shownHint ? (
            <p id={hintId} className="hv-text-field__hint">
              {shownHint}
            </p>
          ) : null}
        </div>
      ) : (
        <>
          {hint ? (
            <p id={hintId} className="hv-text-field__hint">
              {hint}
            </p>
          ) : null}
          {error ? (
            <p id={errorId} className="hv-text-field__error">
              {error}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
