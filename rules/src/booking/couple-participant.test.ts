import { participantProblem } from './couple-participant';

describe('participantProblem (the couple partner of a booking)', () => {
  it.each([
    ['name and e-mail', { name: 'Rohan Verma', email: 'rohan@example.com' }, null],
    ['name and mobile', { name: 'Rohan', mobile: '9876543210' }, null],
    ['name, e-mail and mobile', { name: "D'Souza", email: 'd@example.in', mobile: '9876543210' }, null],
    ['no name', { name: '  ', email: 'rohan@example.com' }, 'name'],
    ['a name of digits only', { name: '1234', email: 'rohan@example.com' }, 'name'],
    ['a wrong e-mail', { name: 'Rohan', email: 'rohan@', mobile: '9876543210' }, 'email'],
    ['a throw-away mailbox', { name: 'Rohan', email: 'rohan@mailinator.com' }, 'email'],
    ['no way to reach them', { name: 'Rohan', email: '', mobile: '' }, 'contact'],
    ['nulls', { name: 'Rohan', email: null, mobile: null }, 'contact'],
  ])('%s', (_case, input, expected) => {
    expect(participantProblem(input)).toBe(expected);
  });
});
