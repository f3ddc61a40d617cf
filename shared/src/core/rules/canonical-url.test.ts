import { canonicalUrl } from './canonical-url';

describe('canonicalUrl (product rules, Routes and redirects: "site base plus the current path without query, always ending in a slash")', () => {
  it.each([
    ['https://haven.care', '/', 'https://haven.care/'],
    ['https://haven.care', '', 'https://haven.care/'],
    ['https://haven.care', '/therapy-psychiatry/', 'https://haven.care/therapy-psychiatry/'],
    ['https://haven.care', '/auth/log-in', 'https://haven.care/auth/log-in/'],
    ['https://haven.care/', '/auth/log-in', 'https://haven.care/auth/log-in/'],
    ['https://haven.care', '/auth/log-in/?redirectPath=%2Ft-p', 'https://haven.care/auth/log-in/'],
    ['https://haven.care', '/booking?step=1#top', 'https://haven.care/booking/'],
    ['https://haven.care//', '//t-p//', 'https://haven.care/t-p/'],
    ['http://localhost:3000', 't-p', 'http://localhost:3000/t-p/'],
  ])('%s + %s -> %s', (base, path, expected) => {
    expect(canonicalUrl(base, path)).toBe(expected);
  });
});
