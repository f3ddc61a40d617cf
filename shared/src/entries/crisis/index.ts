// `@haven/shared/crisis`: the assessment risk rule and crisis help shown in a page (a Module Federation
// singleton of its own, downloaded by the assessment pages only, so the helpline table stays out of the
// first paint). The person's country comes from the root's `useHelplineCountry`.
export { RISK_RULES, assessmentRiskFlags, hasRiskAnswer, type RiskRule, type RiskFlag } from '@haven/rules';
export { scorePlace, type ScorePlace, type NextStepKind } from '@haven/rules';
export { HELPLINES, helplinesFor, telHref, type CountryHelplines, type Helpline } from '../../pure/crisis-help/helplines';
export { CrisisHelpNow, CRISIS_NOW_HEADING } from './CrisisHelpNow';
export { HelplinesToday, HELPLINES_TODAY_HEADING } from './HelplinesToday';
