// First and last name fields (sign-up, registration form): the name rule stripping as typed (product rules, Validation), then —
// trimmed, at least one letter — and the api's length limit, read from its OpenAPI document.
import { isValidName, normaliseName, sanitizeName } from '@haven/shared';
import { fieldLimit, limitProblem, type LimitedRoute } from '@haven/shared/forms';

export function nameRules(
  route: LimitedRoute,
  apiField: 'first_name' | 'last_name',
  label: string,
  required: boolean,
  onSanitised: (value: string) => void,
) {
  const limit = fieldLimit(route, apiField);
  return {
    validate: (value: string) => {
      const name = normaliseName(value ?? '');
      if (!name) return required ? `Enter your ${label.toLowerCase()}` : true;
      if (!isValidName(name)) return `${label} needs at least one letter`;
      return limitProblem(name, limit, label) ?? true;
    },
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onSanitised(sanitizeName(e.target.value)),
  };
}
