import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { API, installApiTestKit, json, server } from '../../test/api-test-kit';
import { AddForm } from './ProfilesPage';

installApiTestKit();
jest.setTimeout(30_000);

const tenYearsAgo = `${new Date().getFullYear() - 10}-01-01`;

function showForm() {
  const posted: unknown[] = [];
  server.use(
    http.post(`${API}/customers/profiles`, async ({ request }) => {
      posted.push(await request.json());
      return json({ data: { uuid: '11111111-1111-4111-8111-111111111111', first_name: 'Kiran', last_name: 'Rao' } });
    }),
    http.get(`${API}/customers/profiles`, () => json({ data: [], meta: { is_multi_profile_user: true } })),
  );
  const onAdded = jest.fn();
  render(<AddForm kind="profile" onAdded={onAdded} />);
  return { form: screen.getByRole('form', { name: 'New profile' }), posted, onAdded };
}

test("who it is for is asked with a real label; a child needs a birth date, and nothing is sent until it's there", async () => {
  const { form, posted } = showForm();
  await userEvent.type(within(form).getByLabelText('First name'), 'Kiran');
  await userEvent.click(within(form).getByRole('button', { name: 'Create profile' }));
  const who = within(form).getByRole('combobox', { name: 'Who is this for?' });
  expect(who).toHaveAccessibleDescription('Choose who this profile is for');
  expect(who).toHaveFocus();

  await userEvent.selectOptions(who, 'My child');
  await userEvent.click(within(form).getByRole('button', { name: 'Create profile' }));
  const born = within(form).getByLabelText('Date of birth');
  expect(born).toHaveAccessibleDescription("Enter the child's date of birth: it decides who gives their consents");
  expect(born).toHaveFocus();
  expect(posted).toEqual([]);
  // Nothing typed was lost.
  expect(within(form).getByLabelText('First name')).toHaveValue('Kiran');
  expect(who).toHaveValue('child');
});

test('someone under 18 only as a child or ward: the reason is on the relationship', async () => {
  const { form, posted } = showForm();
  await userEvent.type(within(form).getByLabelText('First name'), 'Kiran');
  await userEvent.selectOptions(within(form).getByLabelText('Who is this for?'), 'My partner or spouse');
  await userEvent.type(within(form).getByLabelText('Date of birth'), tenYearsAgo);
  await userEvent.click(within(form).getByRole('button', { name: 'Create profile' }));
  expect(within(form).getByLabelText('Who is this for?')).toHaveAccessibleDescription(
    /only be added as your child or a child in your legal care/,
  );
  expect(posted).toEqual([]);
});

test('a child with both is sent with its relationship and birth date', async () => {
  const { form, posted, onAdded } = showForm();
  await userEvent.type(within(form).getByLabelText('First name'), 'Kiran');
  await userEvent.type(within(form).getByLabelText('Last name'), 'Rao');
  await userEvent.selectOptions(within(form).getByLabelText('Who is this for?'), 'A child in my legal care');
  await userEvent.type(within(form).getByLabelText('Date of birth'), tenYearsAgo);
  await userEvent.click(within(form).getByRole('button', { name: 'Create profile' }));
  expect(await within(form).findByText('Kiran was added.')).toBeVisible();
  expect(posted).toEqual([{ kind: 'profile', first_name: 'Kiran', last_name: 'Rao', relationship: 'ward', date_of_birth: tenYearsAgo }]);
  expect(onAdded).toHaveBeenCalled();
});

test("the api's refusal of a child's profile lands on its field, in its words, and keeps what was typed", async () => {
  const { form } = showForm();
  server.use(
    http.post(`${API}/customers/profiles`, () =>
      json({ success: false, message: 'Choose who this profile is for', errors: ['Choose who this profile is for'] }, 400),
    ),
  );
  await userEvent.type(within(form).getByLabelText('First name'), 'Kiran');
  await userEvent.selectOptions(within(form).getByLabelText('Who is this for?'), 'My child');
  await userEvent.type(within(form).getByLabelText('Date of birth'), tenYearsAgo);
  await userEvent.click(within(form).getByRole('button', { name: 'Create profile' }));
  const who = within(form).getByLabelText('Who is this for?');
  expect(await within(form).findByText('Choose who this profile is for', { selector: '.hv-select__error' })).toBeVisible();
  expect(who).toHaveFocus();
  expect(within(form).getByLabelText('Date of birth')).toHaveValue(tenYearsAgo);
});
