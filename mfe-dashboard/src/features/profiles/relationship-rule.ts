// The one profile rule (newProfileProblem) as the profile forms read it: the choices of who a profile is for,
// the rule's message on the field it is about, and the api's refusals mapped back onto those fields.
import {
  NEW_PROFILE_MESSAGES,
  newProfileProblem,
  PROFILE_RELATIONSHIP_LABELS,
  PROFILE_RELATIONSHIPS,
  type NewProfileProblem,
} from '@haven/shared/form-kit';

export const RELATIONSHIP_OPTIONS = PROFILE_RELATIONSHIPS.map((r) => ({ value: r, label: PROFILE_RELATIONSHIP_LABELS[r] }));

/**
 * The rule read for one field of a form (today on this device's calendar). `requireRelationship`: a new
 * profile always says who it is for; an existing one may have been made before the question was asked.
 */
export function relationshipRuleOn(
  v: { relationship: string; date_of_birth: string },
  field: NewProfileProblem['field'],
  requireRelationship: boolean,
): string | true {
  const problem = newProfileProblem(
    { relationship: v.relationship || null, dateOfBirth: v.date_of_birth || null },
    new Date(),
    requireRelationship,
  );
  return problem?.field === field ? NEW_PROFILE_MESSAGES[problem.problem] : true;
}

/** The api's refusals of a child's profile, on the field they are about. */
export const PROFILE_REFUSALS = (Object.keys(NEW_PROFILE_MESSAGES) as Array<NewProfileProblem['problem']>).map((problem) => ({
  text: NEW_PROFILE_MESSAGES[problem],
  field: problem === 'relationship_missing' || problem === 'not_guardian' ? 'relationship' : 'date_of_birth',
  message: NEW_PROFILE_MESSAGES[problem],
}));
