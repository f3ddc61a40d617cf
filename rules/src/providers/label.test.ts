import { wordLabel } from './label';

describe('a stored word as a person reads it', () => {
  test.each<[string, string]>([
    ['adhd', 'ADHD'],
    ['ocd', 'OCD'],
    ['cbt', 'CBT'],
    ['english', 'English'],
    ['malayalam', 'Malayalam'],
    ['great', 'Great'],
    ['sleep-disturbances', 'Sleep disturbances'],
    ['parenting_concerns', 'Parenting concerns'],
    ['ptsd-support', 'PTSD support'],
    ['ENGLISH', 'English'],
    ['  grief ', 'Grief'],
    ['', ''],
    ['-', ''],
  ])('%p reads %p', (slug, label) => expect(wordLabel(slug)).toBe(label));
});
