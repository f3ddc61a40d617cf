import { careTeam, careTeamRole, myProvidersQuery } from './care-team';

describe('careTeamRole (product rules, Users and roles: my roles)', () => {
  it.each([
    ['therapist', 'mytherapist'],
    ['psychiatrist', 'mypsychiatrist'],
    ['couplestherapist', 'my_couple_therapist'],
    ['coach', null],
    ['childenfirstindia', null],
    ['care-coordinator', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%s -> %s', (type, role) => expect(careTeamRole(type)).toBe(role));
});

describe('careTeam', () => {
  const p = (provider_type: string, firstname: string) => ({ provider_type, firstname });
  it.each([
    [
      'ordered therapist, psychiatrist, couples',
      [p('couplestherapist', 'K'), p('therapist', 'A'), p('psychiatrist', 'V')],
      [
        ['mytherapist', 'A'],
        ['mypsychiatrist', 'V'],
        ['my_couple_therapist', 'K'],
      ],
    ],
    ['other types left out', [p('coach', 'C'), p('therapist', 'A')], [['mytherapist', 'A']]],
    ['one per role: the first', [p('therapist', 'A'), p('therapist', 'B')], [['mytherapist', 'A']]],
    ['empty', [], []],
  ])('%s', (_name, providers, expected) => {
    expect(careTeam(providers).map((m) => [m.role, m.provider.firstname])).toEqual(expected);
  });
});

describe('myProvidersQuery (product rules, Providers and fees: nocache inside native webviews)', () => {
  it.each([
    [true, 1700000000000, { nocache: '1700000000000' }],
    [false, 1700000000000, {}],
  ])('webview %s', (inWebview, now, query) => expect(myProvidersQuery(inWebview, now)).toEqual(query));
});
