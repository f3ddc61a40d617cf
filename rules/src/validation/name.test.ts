import { isValidName, normaliseName, sanitizeName } from './name';

describe('sanitizeName (product rules, Validation): keeps letters, spaces, dots, apostrophes, hyphens', () => {
  it.each([
    ['Asha Rao', 'Asha Rao'],
    ["D'Souza", "D'Souza"],
    ['Mary-Jane O’Neil', 'Mary-Jane O’Neil'],
    ['Dr. A. P. J.', 'Dr. A. P. J.'],
    ['Asha123', 'Asha'],
    ['Asha_Rao!', 'AshaRao'],
    ['<script>alert(1)</script>', 'scriptalertscript'],
    ['Zoë Ñúñez', 'Zoë Ñúñez'],
    ['अनन्या शर्मा', 'अनन्या शर्मा'],
    ['தமிழ்', 'தமிழ்'],
    ['李小龍', '李小龍'],
    ['Asha 😀 Rao', 'Asha  Rao'],
    ['a@b#c$d%e', 'abcde'],
    ['', ''],
  ])('%s → %s', (input, output) => {
    expect(sanitizeName(input)).toBe(output);
  });
});

describe('normaliseName / isValidName: trimmed, with at least one letter', () => {
  it.each([
    ['  Asha  ', 'Asha', true],
    ['Asha   Rao', 'Asha Rao', true],
    ['   ', '', false],
    ['', '', false],
    [". - '", ". - '", false],
    ['123', '', false],
    [' अनन्या ', 'अनन्या', true],
    ["  O'Neil-Rao ", "O'Neil-Rao", true],
  ])('%j → %j, valid %s', (input, normalised, valid) => {
    expect(normaliseName(input)).toBe(normalised);
    expect(isValidName(input)).toBe(valid);
  });
});
