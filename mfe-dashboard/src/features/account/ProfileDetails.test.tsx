// The details form under the account frame, whose h1 already says "Your details": one heading per thing.
import { render, screen } from '@testing-library/react';
import { ProfileDetails } from './ProfileDetails';
import type { ApiUser } from './api/account-calls';

const user = {
  uuid: 'u-1',
  first_name: 'Maya',
  last_name: 'Rao',
  date_of_birth: '1990-04-02',
  gender: 'female',
  timezone: 'Asia/Kolkata',
  is_secondary_profile: false,
} as ApiUser;

test('the form is named "Your details" and adds no heading repeating the page h1', () => {
  render(<ProfileDetails user={user} onSaved={jest.fn()} />);
  expect(screen.getByRole('form', { name: 'Your details' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Your details' })).toBeNull();
  expect(screen.getByLabelText('First name')).toHaveValue('Maya');
});
