import { currentCourseName, userRecordPath } from './user-record';

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
