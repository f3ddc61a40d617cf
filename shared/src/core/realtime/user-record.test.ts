import { currentCourseName, userRecordPath, webUserRecord } from './user-record';

describe('currentCourseName (product rules, What the client keeps: users/{firebaseid})', () => {
  it.each([
    [{ currentCourseName: 'Managing anxiety' }, 'Managing anxiety'],
    [{ currentCourseName: '  Sleep better ' }, 'Sleep better'],
    [{ currentCourseName: '' }, null],
    [{ currentCourseName: null }, null],
    [{ gaid: 'ga-1', appVersion: '3.2.0' }, null],
    [{ currentCourseName: 42 as unknown as string }, null],
    [null, null],
  ])('%j -> %s', (record, name) => expect(currentCourseName(record)).toBe(name));
  it('path', () => expect(userRecordPath('fb-patient')).toBe('users/fb-patient'));
});

describe('webUserRecord: what the web writes into users/{firebaseid}', () => {
  it.each([
    [
      'a release named by the deployment',
      '2026.11.3',
      'desktop_browser',
      { appVersion: '2026.11.3', appConfig: { platform: 'desktop_browser' } },
    ],
    ['no release named', null, 'mobile_android_app', { appVersion: null, appConfig: { platform: 'mobile_android_app' } }],
  ] as const)('%s', (_, version, platform, expected) => {
    const record = webUserRecord(version, platform);
    expect(record).toEqual(expected);
    expect(record).not.toHaveProperty('currentCourseName'); // the apps' fields are never overwritten
    expect(record).not.toHaveProperty('gaid');
  });
});
