import type { ClipboardEvent, Ref } from 'react';
import { TextField, type TextFieldProps } from '@haven/shared/form-kit';

/** A one-time code is 4 to 8 digits (the api's codes are 6; partner codes too). */
const CODE = /^\d{4,8}$/;
export const CODE_MESSAGE = 'Enter the code we sent you';

/** The code rule as a form's validate: true, or the words to show. */
export function codeProblem(value: string): true | string {
  return CODE.test(value) || CODE_MESSAGE;
}

/** The code in what was pasted: the first run of digits, spaces or dashes inside ("123 456", "Your code is 123456."). */
export function codeIn(text: string): string {
  return (/\d[\d\s-]*\d|\d/.exec(text)?.[0] ?? '').replace(/\D/g, '');
}

export interface CodeFieldProps extends Omit<TextFieldProps, 'label' | 'type' | 'digitsOnly' | 'inputMode' | 'autoComplete'> {
  /** 'Code' unless the page names it ('Verification code', 'Company code'). */
  label?: string;
  /**
   * The id of the message saying the code itself was refused (wrong, replaced, expired): the field is
   * then marked invalid and read with that message.
   */
  refusedBy?: string;
  /** The input (a form library's register ref, or focus after a step change). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * The one one-time-code field: digits only with the numeric keyboard, offered by the phone's autofill
 * (autocomplete one-time-code), and a pasted message keeps its code whole (spaces, dashes and the words
 * around it dropped) instead of being cut at the length limit. Works controlled (value, onChange) or
 * registered (a form library's ref and onChange): the paste goes through the input's own change event.
 */
export function CodeField({ label = 'Code', refusedBy, maxLength = 8, onPaste, ...props }: CodeFieldProps) {
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(event);
    const text = event.clipboardData.getData('text');
    const code = codeIn(text).slice(0, maxLength);
    if (event.defaultPrevented || !code || code === text) return;
    event.preventDefault();
    const input = event.currentTarget;
    // React tracks an input's value: set it through the element's own setter so the change event is seen.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, code);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  return (
    <TextField
      name="code"
      oneMessage
      {...props}
      label={label}
      digitsOnly
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={maxLength}
      onPaste={paste}
      aria-invalid={refusedBy ? true : props['aria-invalid']}
      aria-describedby={[props['aria-describedby'], refusedBy].filter(Boolean).join(' ') || undefined}
    />
  );
}
