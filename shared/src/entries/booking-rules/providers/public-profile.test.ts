import { concernLabel, providerListHref, providerPageDescription, providerProfilePath } from './public-profile';

describe('providerProfilePath', () => {
  it.each([
    ['0ba7a7f4-8a54-42e8-bc2e-3f7f4ac9a4b9', '/provider/0ba7a7f4-8a54-42e8-bc2e-3f7f4ac9a4b9/'],
    ['a/b', '/provider/a%2Fb/'],
  ])('%s', (uuid, path) => expect(providerProfilePath(uuid)).toBe(path));
});

describe('concernLabel', () => {
  it.each([
    ['sleep-disturbances', 'Sleep disturbances'],
    ['adhd', 'ADHD'],
    ['ocd', 'OCD'],
    ['anxiety', 'Anxiety'],
    ['parenting_concerns', 'Parenting concerns'],
    ['', ''],
  ])('%s -> %s', (slug, label) => expect(concernLabel(slug)).toBe(label));
});

describe('providerListHref (short URL codes, product rules, Providers and fees)', () => {
  it.each([
    [{ concern: 'anxiety' }, '/providers?c=anx'],
    [{ role: 'psychiatrist' }, '/providers?t=ps'],
    [{}, '/providers'],
  ])('%j -> %s', (filter, href) => expect(providerListHref(filter)).toBe(href));
});

describe('providerPageDescription', () => {
  it.each([
    [
      {
        firstname: 'Ananya',
        lastname: 'Rao',
        roles: ['therapist'],
        concerns: ['anxiety', 'sleep-disturbances', 'adhd'],
        languages: ['english', 'hindi'],
      },
      'Ananya Rao, therapist on Haven. Helps with anxiety, sleep disturbances, ADHD. Sessions in English, Hindi.',
    ],
    [
      { firstname: 'Kabir', lastname: 'Singh', roles: ['couplestherapist', 'therapist'] },
      'Kabir Singh, couples therapist, therapist on Haven.',
    ],
    [{ firstname: 'A', lastname: 'B' }, 'A B on Haven.'],
  ])('%j', (p, text) => expect(providerPageDescription(p)).toBe(text));
});
