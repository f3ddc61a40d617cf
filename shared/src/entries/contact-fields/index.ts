// `@haven/shared/contact-fields`: the one phone field (country code + mobile number, with its one
// country-code source) and the one one-time-code field, for every form that asks for them in any remote.
// Not a Module Federation singleton, like `@haven/shared/design`: it holds no state of its own (the
// country list's single load is the form kit's), so each lazily loaded chunk that draws a field bundles
// only what it uses, and a first paint without a phone or code field pays nothing for it.
export { MobileNumberField, type MobileNumberFieldProps } from './MobileNumberField';
export { PhoneField, type PhoneFieldProps } from './PhoneField';
export { CodeField, codeIn, codeProblem, CODE_MESSAGE, type CodeFieldProps } from './CodeField';
export { useCountryCodes } from './useCountryCodes';
export { usePhoneReader } from './usePhoneReader';
export { phonePayload, phoneTarget, readPhone } from './phone-payload';
export { phoneRuleText } from './phone-rule-text';
