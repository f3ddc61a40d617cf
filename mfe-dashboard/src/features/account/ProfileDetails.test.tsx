// The details form under the account frame, whose h1 already says "Your details": one heading per thing; a
// secondary profile's relationship under the one profile rule.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { NEW_PROFILE_MESSAGES } from '@haven/shared/form-kit';
import { API, installApiTestKit, json, server } from '../../test/api-test-kit';
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

describe("a secondary profile says who it is to the account holder, by the new profile's rule", () => {
  installApiTestKit();
  const partner = { ...user, first_name: 'Asha', is_secondary_profile: true, relationship: 'partner' } as ApiUser;
  const tenYearsAgo = `${new Date().getFullYear() - 10}-01-01`;

  test("made ten years old, a partner's profile is refused on its relationship, nothing sent; as my child it is saved", async () => {
    const sent: unknown[] = [];
    server.use(
      http.put(`${API}/customers/profile_info`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return json({ data: { ...partner, ...body } });
      }),
    );
    const onSaved = jest.fn();
    render(<ProfileDetails user={partner} onSaved={onSaved} />);
    const relationship = screen.getByLabelText('Who is this profile for?');
    expect(relationship).toHaveValue('partner');
    await userEvent.clear(screen.getByLabelText('Date of birth'));
    await userEvent.type(screen.getByLabelText('Date of birth'), tenYearsAgo);
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(NEW_PROFILE_MESSAGES.not_guardian)).toBeInTheDocument();
    expect(relationship).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await userEvent.selectOptions(relationship, 'My child');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toEqual([expect.objectContaining({ date_of_birth: tenYearsAgo, relationship: 'child' })]);
  });

  test("the account holder's own details ask no relationship", () => {
    render(<ProfileDetails user={user} onSaved={jest.fn()} />);
    expect(screen.queryByLabelText('Who is this profile for?')).toBeNull();
  });
});
