import { DEFAULT_PAGE_META } from './default-page-meta';
import { pageTitle } from './page-title';

describe('pageTitle (product rules, Routes and redirects: "Title text cut at 40 characters by default"; "Title cut 40 characters")', () => {
  const forty = 'Find the right therapist for you, today!'; // exactly 40
  it.each([
    ['a short title stays as it is', 'Log in', undefined, 'Log in'],
    ['exactly 40 characters stays', forty, undefined, forty],
    ['41 characters are cut at 40, no ellipsis', `${forty}X`, undefined, forty],
    [
      'a long title is cut at 40',
      'Online therapy and psychiatry with licensed experts near you',
      undefined,
      'Online therapy and psychiatry with licen',
    ],
    ['a custom limit', 'Therapy and psychiatry', 7, 'Therapy'],
    ['emoji count as one character and are not split', '🙂🙂🙂', 2, '🙂🙂'],
    ['empty stays empty', '', undefined, ''],
  ])('%s', (_case, text, max, expected) => {
    expect(pageTitle(text, max)).toBe(expected);
  });

  it('cuts to at most 40 characters by default', () => {
    expect(Array.from(pageTitle('x'.repeat(100)))).toHaveLength(40);
  });
});

describe('DEFAULT_PAGE_META (product rules, Routes and redirects: default title, description, share image)', () => {
  it('has a title within the 40-character cut', () => {
    expect(pageTitle(DEFAULT_PAGE_META.title)).toBe(DEFAULT_PAGE_META.title);
  });
  it.each(['therapy', 'psychiatry', 'self-care', 'community support'])('the description mentions %s', (word) => {
    expect(DEFAULT_PAGE_META.description).toContain(word);
  });
  it('has a share image', () => {
    expect(DEFAULT_PAGE_META.image).toMatch(/\.(png|jpe?g|webp)$/);
  });
});
