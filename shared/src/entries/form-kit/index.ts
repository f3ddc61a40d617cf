// `@haven/shared/form-kit`: the core's form-parts entry, a Module Federation singleton of its own:
// api error descriptions, the form submit hook, text fields, form
// messages and the phone, birth-date and country rules. Without react-hook-form (`@haven/shared/forms`),
// so a page that only describes an api error does not pay for the form library. Only files without
// state of the root's (see ../booking-rules/index.ts).
export {
  describeApiError,
  COMMON_API_ERRORS,
  type ApiErrorDescription,
  type DescribeOptions,
  type KnownApiError,
} from './describe-api-error';
export { isValidPhone, maxPhoneLength, phoneLengthsOf, DEFAULT_PHONE_COUNTRY, type PhoneCountry } from '@haven/rules';
export { dateOfBirthProblem, DATE_OF_BIRTH_MESSAGES, OLDEST_AGE, type DateOfBirthProblem } from '@haven/rules';
export {
  NEW_PROFILE_MESSAGES,
  PROFILE_RELATIONSHIPS,
  PROFILE_RELATIONSHIP_LABELS,
  newProfileProblem,
  type NewProfileProblem,
  type ProfileRelationship,
} from '@haven/rules';
export { loadPhoneReader, createPhoneReader, type PhoneReader, type PhoneReading, type PhoneLibrary } from './validation/phone-input';
export { isAllowedNumericKey, digitsOnly, isValidNumber } from '@haven/rules';
export { isAdult, ageOn, ADULT_AGE } from '@haven/rules';
export { loadCountryCodes, findCountry, type CountryCode } from './validation/country-codes';
export { TextField, type TextFieldProps } from './ui/TextField/TextField';
export { FormMessage, type FormMessageValue } from './ui/Form/FormMessage';
export { useApiSubmit, type ApiSubmitOptions } from './ui/Form/useApiSubmit';
export { useCountdown, secondsUntil } from './ui/Form/useCountdown';
