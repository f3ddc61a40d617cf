import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API, installApiTestKit, json, server } from '../../test/api-test-kit';
import { ChildrenFirstActivation, childProfiles } from './ChildrenFirstActivation';

installApiTestKit();
jest.setTimeout(30_000);

const KIRAN = { uuid: '11111111-1111-4111-8111-111111111111', first_name: 'Kiran', last_name: 'Shah', date_of_birth: '2016-05-01' };
const MEERA = { uuid: '22222222-2222-4222-8222-222222222222', first_name: 'Meera', last_name: 'Shah', date_of_birth: '1990-01-01' };
const NO_DOB = { uuid: '33333333-3333-4333-8333-333333333333', first_name: 'Anon', last_name: '', date_of_birth: null };

test.each([
  ['a child', [KIRAN], ['Kiran']],
  ['an adult and a profile without a birth date are not children', [MEERA, NO_DOB], []],
  ['turning 18 the day before', [{ ...KIRAN, date_of_birth: '2008-11-26' }], []],
  ['turning 18 the day after', [{ ...KIRAN, date_of_birth: '2008-11-28' }], ['Kiran']],
])('childProfiles: %s', (_case, profiles, names) => {
  expect(childProfiles(profiles, new Date('2026-11-27T12:00:00Z')).map((p) => p.first_name)).toEqual(names);
});

test('no child profile: no section', () => {
  const { container } = render(<ChildrenFirstActivation profiles={[MEERA]} />);
  expect(container).toBeEmptyDOMElement();
});

test('the parent activates a child: consent first, then the api records it and the child can book', async () => {
  const posted: unknown[] = [];
  server.use(
    http.get(`${API}/customers/profiles/:uuid/cf_activation`, ({ params }) =>
      json({ data: { profile_uuid: params.uuid, activated: false, activated_at: null } }),
    ),
    http.post(`${API}/customers/profiles/:uuid/cf_activation`, async ({ params, request }) => {
      posted.push({ uuid: params.uuid, body: await request.json() });
      return json({ data: { profile_uuid: params.uuid, activated: true, activated_at: '2026-11-27T10:00:00.000Z' } });
    }),
  );
  render(<ChildrenFirstActivation profiles={[KIRAN, MEERA]} />);
  const form = await screen.findByRole('form', { name: 'Activate children-first care for Kiran Shah' });
  await userEvent.click(within(form).getByRole('button', { name: 'Activate for Kiran Shah' }));
  expect(within(form).getByRole('alert')).toHaveTextContent("Please confirm that you are Kiran Shah's parent or guardian.");
  expect(posted).toEqual([]);
  await userEvent.click(within(form).getByRole('checkbox', { name: /I am Kiran Shah's parent or guardian/ }));
  await userEvent.click(within(form).getByRole('button', { name: 'Activate for Kiran Shah' }));
  expect(await screen.findByRole('link', { name: 'Book for Kiran Shah' })).toHaveAttribute('href', '/booking/children-first');
  expect(posted).toEqual([{ uuid: KIRAN.uuid, body: { guardian_consent: true } }]);
  expect(screen.queryByText(/Meera/)).toBeNull();
});

test('a failed activation says so, keeps the consent ticked and can be tried again', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  server.use(
    http.get(`${API}/customers/profiles/:uuid/cf_activation`, ({ params }) =>
      json({ data: { profile_uuid: params.uuid, activated: false, activated_at: null } }),
    ),
    http.post(`${API}/customers/profiles/:uuid/cf_activation`, () => new HttpResponse(null, { status: 503 })),
  );
  render(<ChildrenFirstActivation profiles={[KIRAN]} />);
  const form = await screen.findByRole('form', { name: 'Activate children-first care for Kiran Shah' });
  await userEvent.click(within(form).getByRole('checkbox'));
  await userEvent.click(within(form).getByRole('button', { name: 'Activate for Kiran Shah' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent("Kiran Shah's profile was not activated. Please try again.");
  expect(within(form).getByRole('checkbox')).toBeChecked();
  expect(within(form).getByRole('button', { name: 'Activate for Kiran Shah' })).toBeEnabled();
  consoleError.mockRestore();
});

test('an activated child shows as bookable', async () => {
  server.use(
    http.get(`${API}/customers/profiles/:uuid/cf_activation`, ({ params }) =>
      json({ data: { profile_uuid: params.uuid, activated: true, activated_at: '2026-11-27T10:00:00.000Z' } }),
    ),
  );
  render(<ChildrenFirstActivation profiles={[KIRAN]} />);
  expect(await screen.findByRole('link', { name: 'Book for Kiran Shah' })).toBeInTheDocument();
});
