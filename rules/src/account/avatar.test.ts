import { avatarColour, avatarImage, avatarInitials, avatarUrl, AVATAR_COLOURS, defaultAvatarUrl, isAvatarUrl } from './avatar';

const HOST = 'https://assets.haven.test';
const DEFAULT = 'https://assets.haven.test/avatars/default.webp';

describe('avatarUrl (product rules, Validation: the default avatar or the avatar folder on the asset host)', () => {
  it.each([
    [null, DEFAULT],
    [undefined, DEFAULT],
    ['', DEFAULT],
    ['https://assets.haven.test/avatars/a1b2.png', 'https://assets.haven.test/avatars/a1b2.png'],
    ['https://assets.haven.test/avatars/default.webp', DEFAULT],
    ['https://assets.haven.test/avatars/user_42-v2.jpeg', 'https://assets.haven.test/avatars/user_42-v2.jpeg'],
    ['https://assets.haven.test/uploads/a1b2.png', DEFAULT], // another folder
    ['https://assets.haven.test/avatars/', DEFAULT], // the folder, no file
    ['https://assets.haven.test/avatars/sub/a.png', DEFAULT], // a sub-folder
    ['https://assets.haven.test/avatars/../documents/id.pdf', DEFAULT], // climbs out
    ['https://assets.haven.test/avatars/..%2fdocuments%2fid.pdf', DEFAULT], // climbs out, encoded
    ['https://evil.test/avatars/a.png', DEFAULT], // another host
    ['https://assets.haven.test.evil.test/avatars/a.png', DEFAULT], // a look-alike host
    ['http://assets.haven.test/avatars/a.png', DEFAULT], // another scheme
    ['https://user:pw@assets.haven.test/avatars/a.png', DEFAULT], // credentials in the address
    ['javascript:alert(1)', DEFAULT],
    ['/avatars/a.png', DEFAULT], // not absolute
  ])('%s → %s', (stored, expected) => {
    expect(avatarUrl(stored, HOST)).toBe(expected);
  });

  it('the default avatar sits in the avatar folder of the asset host, whatever trailing slash the host has', () => {
    expect(defaultAvatarUrl(`${HOST}/`)).toBe(DEFAULT);
    expect(isAvatarUrl(defaultAvatarUrl(HOST), HOST)).toBe(true);
  });

  it('an unreadable asset host accepts nothing', () => {
    expect(isAvatarUrl('https://assets.haven.test/avatars/a.png', 'not a host')).toBe(false);
  });
});

describe('avatarImage (the photo to show, or null for the drawn default avatar)', () => {
  it.each([
    ['https://assets.haven.test/avatars/a1b2.png', HOST, 'https://assets.haven.test/avatars/a1b2.png'],
    [null, HOST, null],
    ['', HOST, null],
    ['https://evil.test/avatars/a.png', HOST, null],
    ['https://assets.haven.test/documents/a.png', HOST, null],
    ['https://assets.haven.test/avatars/a1b2.png', undefined, null], // no asset host configured
  ])('%s on %s → %s', (stored, host, expected) => {
    expect(avatarImage(stored, host)).toBe(expected);
  });
});

describe('avatarInitials (the default avatar)', () => {
  it.each([
    ['Priya', 'Sharma', 'PS'],
    ['priya', 'sharma', 'PS'],
    ['Priya', '', 'P'],
    ['', 'Sharma', 'S'],
    ['  Mira ', null, 'M'],
    ['Élodie', "O'Neil", 'ÉO'],
    ['.Dr', 'Asha', 'DA'], // the first letter, not the first character
    ['', '', '?'],
    [null, undefined, '?'],
  ])('%j %j → %s', (first, last, expected) => {
    expect(avatarInitials(first, last)).toBe(expected);
  });
});

describe('avatarColour', () => {
  it('is one of the palette, the same for the same key, and spreads over the palette', () => {
    const keys = Array.from({ length: 60 }, (_, i) => `0b5c7c1e-0000-4000-8000-${String(i).padStart(12, '0')}`);
    for (const k of keys) {
      expect(AVATAR_COLOURS).toContain(avatarColour(k));
      expect(avatarColour(k)).toBe(avatarColour(k));
    }
    expect(new Set(keys.map(avatarColour)).size).toBe(AVATAR_COLOURS.length);
  });

  it('every colour keeps white initials above 4.5:1 (WCAG AA)', () => {
    const lum = (hex: string) => {
      const [r, g, b] = [1, 3, 5]
        .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    for (const c of AVATAR_COLOURS) expect(1.05 / (lum(c) + 0.05)).toBeGreaterThan(4.5);
  });
});
