import { newProfileProblem, PROFILE_RELATIONSHIPS, PROFILE_RELATIONSHIP_LABELS } from './profile-relationship';

describe("newProfileProblem (product rules, Profiles: a child's profile says whose child it is and when they were born)", () => {
  const today = '2026-11-27';
  it.each([
    ['a child, with both', { relationship: 'child', dateOfBirth: '2016-05-01' }, true, null],
    ['a child in legal care, with both', { relationship: 'ward', dateOfBirth: '2016-05-01' }, true, null],
    ['an adult son or daughter is still "my child"', { relationship: 'child', dateOfBirth: '1998-05-01' }, true, null],
    ['a partner, no birth date', { relationship: 'partner', dateOfBirth: null }, true, null],
    ['the form: who it is for is always asked', { relationship: null, dateOfBirth: '1990-01-01' }, true, 'relationship_missing'],
    ['the api: an adult profile from an older client passes', { relationship: null, dateOfBirth: null }, false, null],
    ['the api: an adult birth date without a relationship passes', { relationship: null, dateOfBirth: '1990-01-01' }, false, null],
    ['the api: under 18 without a relationship', { relationship: null, dateOfBirth: '2016-05-01' }, false, 'relationship_missing'],
    ['under 18 as a partner', { relationship: 'partner', dateOfBirth: '2016-05-01' }, true, 'not_guardian'],
    ['turning 18 tomorrow as a sibling', { relationship: 'sibling', dateOfBirth: '2008-11-28' }, true, 'not_guardian'],
    ['turning 18 today as a sibling', { relationship: 'sibling', dateOfBirth: '2008-11-27' }, true, null],
    ['a child without a birth date', { relationship: 'child', dateOfBirth: null }, false, 'birth_date_missing'],
    ['a ward with a blank birth date', { relationship: 'ward', dateOfBirth: '  ' }, true, 'birth_date_missing'],
    ['a birth date in the future', { relationship: 'child', dateOfBirth: '2027-01-01' }, true, 'birth_date_future'],
    ['a birth date over 120 years ago', { relationship: 'parent', dateOfBirth: '1890-01-01' }, true, 'birth_date_too_old'],
    ['a date that does not exist', { relationship: 'child', dateOfBirth: '2016-02-30' }, true, 'birth_date_invalid'],
  ] as const)('%s', (_case, facts, requireRelationship, problem) => {
    expect(newProfileProblem(facts, today, requireRelationship)?.problem ?? null).toBe(problem);
  });

  it('names the field each problem belongs to', () => {
    expect(newProfileProblem({ relationship: 'partner', dateOfBirth: '2016-05-01' }, today, true)?.field).toBe('relationship');
    expect(newProfileProblem({ relationship: 'child', dateOfBirth: null }, today, true)?.field).toBe('date_of_birth');
  });

  it('every relationship has a label', () => {
    for (const r of PROFILE_RELATIONSHIPS) expect(PROFILE_RELATIONSHIP_LABELS[r]).toMatch(/\w/);
  });
});
