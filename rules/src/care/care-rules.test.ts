import { toolAnswersProblem, type ToolField } from './tool-answers';
import { USERNAME_TAKEN, usernameProblem } from './community-username';

const FIELDS: ToolField[] = [
  { name: 'thought', label: 'The thought that came up', kind: 'text' },
  { name: 'feeling_before', label: 'How strong the feeling was (0 to 100)', kind: 'rating' },
  { name: 'evidence_for', label: 'Evidence for the thought', kind: 'text', optional: true },
];

describe('toolAnswersProblem (product rules, Care tools: what a tool asks for)', () => {
  it.each([
    ['everything', { thought: 'I will fail', feeling_before: 80, evidence_for: 'last time' }, null],
    ['an optional field left blank', { thought: 'I will fail', feeling_before: 0, evidence_for: '  ' }, null],
    ['a required text missing', { feeling_before: 80 }, 'Please fill in: The thought that came up.'],
    ['a required text blank', { thought: ' ', feeling_before: 80 }, 'Please fill in: The thought that came up.'],
    ['a rating above 100', { thought: 'x', feeling_before: 101 }, 'How strong the feeling was (0 to 100): a whole number from 0 to 100.'],
    ['a rating as text', { thought: 'x', feeling_before: '80' }, 'How strong the feeling was (0 to 100): a whole number from 0 to 100.'],
    [
      'a rating with a fraction',
      { thought: 'x', feeling_before: 2.5 },
      'How strong the feeling was (0 to 100): a whole number from 0 to 100.',
    ],
    [
      'text where a text is too long',
      { thought: 'x'.repeat(5001), feeling_before: 1 },
      'The thought that came up: at most 5000 characters.',
    ],
    ['a field the tool does not have', { thought: 'x', feeling_before: 1, mood: 'low' }, 'This care tool has no field mood.'],
  ] as const)('%s', (_case, answers, problem) => {
    expect(toolAnswersProblem(FIELDS, answers)).toBe(problem);
  });

  it('a tool that asks for nothing saves nothing', () => {
    expect(toolAnswersProblem([], {})).toBe('This care tool does not ask for anything to save.');
  });
});

describe('usernameProblem (product rules, Communities: the username check)', () => {
  it.each([
    ['asha_r', null],
    ['Asha2026', null],
    ['ab', 'A username has 3 to 20 characters.'],
    ['a'.repeat(21), 'A username has 3 to 20 characters.'],
    ['2asha', 'A username starts with a letter and has only letters, digits and underscores.'],
    ['asha rao', 'A username starts with a letter and has only letters, digits and underscores.'],
    ['asha@x', 'A username starts with a letter and has only letters, digits and underscores.'],
    ['Admin', 'That username is kept for the Haven team. Please choose another.'],
    ['haven', 'That username is kept for the Haven team. Please choose another.'],
    // Reserved words anywhere in the name, whatever the case, separators or digits around them.
    ...[
      'Haven_Support',
      'HavenTeam',
      'admin_1',
      'Moderator2',
      'the_mod',
      'Mod_7',
      'TeamHaven',
      'x_Doctor_x',
      'realTherapist',
      'SUPPORTdesk',
    ].map((name) => [name, 'That username is kept for the Haven team. Please choose another.'] as [string, string]),
    // A short word is reserved as a word of its own, not inside another one.
    ['model_maker', null],
    ['Kamodi', null],
  ])('%s → %s', (name, problem) => {
    expect(usernameProblem(name)).toBe(problem);
  });

  it('the taken message', () => expect(USERNAME_TAKEN).toBe('That username is taken. Please choose another.'));
});
