// E-mail fields: one message per kind of problem (a blocked domain asks for a permanent address, issue
// 17) and the api's length limit, read from its OpenAPI document.
import { emailProblem, EMAIL_MESSAGES } from '@haven/shared';
import { fieldLimit, limitProblem, type LimitedRoute } from '@haven/shared/forms';

export interface EmailRuleOptions {
  /** Log-in and reset links: an existing account on a blocked domain may still use its address. */
  allowBlocked?: boolean;
  /** Only check when this says so (e.g. the e-mail channel is chosen). */
  when?: () => boolean;
}

export function emailRules(route: LimitedRoute, label: string, { allowBlocked = false, when }: EmailRuleOptions = {}) {
  const limit = fieldLimit(route, 'email');
  return {
    validate: (value: string) => {
      if (when && !when()) return true;
      const problem = emailProblem(value);
      if (problem && !(allowBlocked && problem === 'blocked')) return EMAIL_MESSAGES[problem];
      return limitProblem(value.trim(), limit, label) ?? true;
    },
  };
}
