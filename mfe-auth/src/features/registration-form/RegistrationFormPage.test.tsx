import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { havenStore, setCredentials } from '@haven/shared';
import { RegistrationFormPage } from './RegistrationFormPage';
import { API, apiUser, calls, installPageTestKit, json, renderAt, server } from '../test/page-test-kit';

installPageTestKit();

const location = () => screen.getByTestId('location').textContent;
beforeEach(() => {
  setCredentials({ 'access-token': 't', client: 'c', uid: 'asha@example.com', expiry: '1900000000' });
  havenStore.getState().auth.update({ user: apiUser({ mobile: null, first_name: '', last_name: '' }), loading: false });
});

describe('RegistrationFormPage', () => {
  it.each([
    ['2999-01-01', "Date of birth can't be in the future"],
    ['1890-01-01', "Date of birth can't be more than 120 years ago"],
    ['1992-04-12', null],
  ])('date of birth %s → %s', async (date, message) => {
    server.use(http.put(`${API}/customers/profile_info`, () => json({ data: apiUser({ first_name: 'Asha' }) })));
    const user = userEvent.setup();
    renderAt('/registration-form', '/registration-form/*', <RegistrationFormPage />);
    await user.type(screen.getByLabelText('First name'), 'Asha');
    await user.type(screen.getByLabelText('Date of birth'), date);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    if (message) {
      await waitFor(() => expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription(message));
      expect(screen.queryByText('You need to be 18 or older to use Haven')).toBeNull();
      expect(calls('PUT', '/customers/profile_info')).toHaveLength(0);
    } else {
      await waitFor(() => expect(calls('PUT', '/customers/profile_info')).toHaveLength(1));
      expect(await screen.findByText('Your details are saved.')).toBeInTheDocument();
    }
  });

  it('a name of spaces only is refused', async () => {
    const user = userEvent.setup();
    renderAt('/registration-form', '/registration-form/*', <RegistrationFormPage />);
    await user.type(screen.getByLabelText('First name'), '    ');
    await user.type(screen.getByLabelText('Date of birth'), '1992-04-12');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Enter your first name'));
    expect(calls('PUT', '/customers/profile_info')).toHaveLength(0);
  });

  it('refuses an under-18 date of birth and an invalid Indian mobile', async () => {
    const user = userEvent.setup();
    renderAt('/registration-form', '/registration-form/*', <RegistrationFormPage />);
    await user.type(screen.getByLabelText('First name'), 'Asha');
    await user.type(screen.getByLabelText('Date of birth'), '2015-01-01');
    await user.type(screen.getByLabelText('Mobile number'), '4123456789');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('You need to be 18 or older to use Haven')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid mobile number')).toBeInTheDocument();
    expect(calls('PUT', '/customers/profile_info')).toHaveLength(0);
  });

  it('starts from what the profile already holds', () => {
    havenStore
      .getState()
      .auth.update({ user: apiUser({ first_name: 'Priya', last_name: 'Sharma', date_of_birth: '1992-04-12', gender: 'female' }) });
    renderAt('/registration-form', '/registration-form/*', <RegistrationFormPage />);
    expect(screen.getByLabelText('First name')).toHaveValue('Priya');
    expect(screen.getByLabelText('Last name')).toHaveValue('Sharma');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1992-04-12');
    expect(screen.getByLabelText('Gender (optional)')).toHaveValue('female');
  });

  it('saves the profile (merged into the user) and continues to redirectPath', async () => {
    server.use(http.put(`${API}/customers/profile_info`, () => json({ data: apiUser({ first_name: 'Asha', mobile: '9876543210' }) })));
    const user = userEvent.setup();
    renderAt('/registration-form?redirectPath=%2Fdashboard', '/registration-form/*', <RegistrationFormPage />);
    await user.type(screen.getByLabelText('First name'), 'Asha');
    await user.type(screen.getByLabelText('Date of birth'), '1990-05-17');
    await user.selectOptions(screen.getByLabelText('Gender (optional)'), 'female');
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(JSON.parse(calls('PUT', '/customers/profile_info')[0]?.body ?? '{}')).toEqual({
      first_name: 'Asha',
      last_name: '',
      date_of_birth: '1990-05-17',
      gender: 'female',
      mobile: '9876543210',
      country_code: '91',
    });
    expect(havenStore.getState().auth).toMatchObject({
      user: { id: 7, first_name: 'Asha', mobile: '9876543210' },
      updatingProfile: false,
      error: null,
    });
  });
});
