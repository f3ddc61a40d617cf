import { avatarUrl, defaultAvatarUrl, isAvatarUrl } from './avatar';

const HOST = 'https://assets.haven.test';
const DEFAULT = 'https://assets.haven.test/avatars/default.png';

describe('avatarUrl (spec §5: the default avatar or the avatar folder on the asset host)', () => {
  it.each([
    [null, DEFAULT],
    [undefined, DEFAULT],
    ['', DEFAULT],
    ['https://assets.haven.test/avatars/a1b2.png', 'https://assets.haven.test/avatars/a1b2.png'],
    ['https://assets.haven.test/avatars/default.png', DEFAULT],
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
