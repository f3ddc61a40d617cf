import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { act } from 'react';
import { havenStore, providerDirectory, type AuthUser } from '@haven/shared';
import { API, installApiTestKit, json, server, userLocationInIndia } from '../../test/api-test-kit';
import { CareTeamSection } from './CareTeamSection';

installApiTestKit();
// Four remote calls and the zone per render: generous on a busy machine (nothing here measures time).
jest.setTimeout(30_000);

const person = (uuid: string, firstname: string, lastname: string, roles: string[], extra: Record<string, unknown> = {}) => ({
  uuid,
  firstname,
  lastname,
  roles,
  gender: 'female',
  languages: ['english'],
  price_tier: 2,
  concerns: [],
  earliest_available_datetime: null,
  online_offering: null,
  offline_offering: null,
  commercials: null,
  clinic_centre_ids: [],
  experience_years: 5,
  is_support_provider: false,
  offer: null,
  ...extra,
});
const NEXT = '2030-01-02T05:30:00.000Z';
const TEAM = [
  { ...person('p-kabir', 'Kabir', 'Singh', ['couplestherapist']), provider_type: 'couplestherapist', next_session: null },
  {
    ...person('p-ananya', 'Ananya', 'Rao', ['therapist']),
    provider_type: 'therapist',
    next_session: { uuid: 'b-1', start_time: NEXT, mode: 'online', session_type: 'individual' },
  },
  { ...person('p-arjun', 'Arjun', 'Nair', ['coach']), provider_type: 'coach', next_session: null },
];
let myProvidersUrls: URL[] = [];
let dropdownReads = 0;
let puts: string[] = [];

/** Signed in (the plan is asked per account; each test its own, so no answer is reused). */
let account = 100;
const signIn = () =>
  act(() => havenStore.getState().auth.update({ user: { id: (account += 1), usertype: 'patient' } as AuthUser, loading: false }));

beforeEach(() => {
  signIn();
  myProvidersUrls = [];
  dropdownReads = 0;
  puts = [];
  server.use(
    http.get(`${API}/customers/my_providers`, ({ request }) => {
      myProvidersUrls.push(new URL(request.url));
      return json({ data: TEAM });
    }),
    http.get(`${API}/providers/dropdown_v2`, ({ request }) => {
      dropdownReads += 1;
      const q = new URL(request.url).searchParams;
      expect(q.get('provider_type')).toBe('all');
      expect(q.get('include_support_providers')).toBe('true');
      return json({
        data: [
          person('p-ananya', 'Ananya', 'Rao', ['therapist']),
          person('p-ravi', 'Ravi', 'Kumar', ['care-coordinator'], { is_support_provider: true }),
        ],
      });
    }),
    http.get(`${API}/customers/saved_providers`, () => json({ data: [] })),
    http.get(`${API}/customers/suggested_providers`, () => json({ data: [person('p-rahul', 'Rahul', 'Mehta', ['therapist'])] })),
    http.put(`${API}/customers/saved_providers/:uuid`, ({ params }) => {
      puts.push(String(params.uuid));
      return json({ success: true });
    }),
    userLocationInIndia(),
    http.get(`${API}/customers/app_visibility_v2`, () =>
      json({ is_therapy_offered: true, is_psychiatry_offered: false, is_couple_therapy_offered: true }),
    ),
  );
});
afterEach(() => {
  act(() => havenStore.getState().auth.reset());
  delete (window as { ReactNativeWebView?: unknown }).ReactNativeWebView;
});

test('the team in role order with next session and book again; coaches are not on it; coordinators in the picker', async () => {
  render(<CareTeamSection />);
  const therapist = await screen.findByRole('article', { name: 'Your therapist: Ananya Rao' });
  expect(within(therapist).getByText(/Next session:/)).toBeInTheDocument();
  expect(within(therapist).getByRole('link', { name: 'Ananya Rao' })).toHaveAttribute('href', '/provider/p-ananya/');
  expect(await within(therapist).findByRole('link', { name: 'Book again with Ananya Rao' })).toHaveAttribute(
    'href',
    '/booking?provider=p-ananya&step=1',
  );
  const couples = screen.getByRole('article', { name: 'Your couples therapist: Kabir Singh' });
  expect(within(couples).getByText('No session booked')).toBeInTheDocument();
  expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
    'Your therapist: Ananya Rao',
    'Your couples therapist: Kabir Singh',
  ]);
  const picker = screen.getByLabelText('Book or contact');
  expect(within(picker).getByRole('option', { name: 'Ravi Kumar (Care coordinator)' })).toBeInTheDocument();
  await userEvent.selectOptions(picker, 'p-ravi');
  expect(screen.getByRole('link', { name: 'Contact Ravi Kumar' })).toHaveAttribute('href', '/booking/care-coordinator');
  expect(screen.queryByRole('link', { name: 'Book with Ravi Kumar' })).toBeNull();
  expect(myProvidersUrls[0]?.searchParams.has('nocache')).toBe(false);
});

test("the coordinators come from the log-in's provider list: the page asks for it once", async () => {
  // What the log-in does on page load (the store's provider list), still in flight when the team renders.
  const loginRead = providerDirectory();
  render(<CareTeamSection />);
  const picker = await screen.findByLabelText('Book or contact');
  expect(within(picker).getByRole('option', { name: 'Ravi Kumar (Care coordinator)' })).toBeInTheDocument();
  await loginRead;
  expect(dropdownReads).toBe(1);
});

test('inside a native webview my providers carries a nocache stamp (product rules, Providers and fees)', async () => {
  (window as { ReactNativeWebView?: unknown }).ReactNativeWebView = { postMessage: () => undefined };
  render(<CareTeamSection />);
  await screen.findByRole('article', { name: 'Your therapist: Ananya Rao' });
  expect(myProvidersUrls[0]?.searchParams.get('nocache')).toMatch(/^\d+$/);
});

test('a suggested provider is saved; only the sections the plan offers are suggested', async () => {
  render(<CareTeamSection />);
  const suggested = await screen.findByRole('list', { name: 'Suggested for you' });
  expect(screen.queryByRole('button', { name: 'Psychiatry' })).toBeNull();
  await userEvent.click(within(suggested).getByRole('button', { name: 'Save Rahul Mehta' }));
  const saved = await screen.findByRole('list', { name: 'Saved providers' });
  expect(within(saved).getByRole('link', { name: 'Rahul Mehta' })).toHaveAttribute('href', '/provider/p-rahul/');
  expect(puts).toEqual(['p-rahul']);
  expect(within(suggested).getByRole('button', { name: 'Saved Rahul Mehta' })).toHaveAttribute('aria-pressed', 'true');
});

test('a failing team call says so and offers a retry', async () => {
  server.use(http.get(`${API}/customers/my_providers`, () => json({ message: 'boom' }, 500)));
  render(<CareTeamSection />);
  expect(await screen.findByText("We couldn't load your care team. Please try again in a moment.")).toBeInTheDocument();
  server.use(http.get(`${API}/customers/my_providers`, () => json({ data: TEAM })));
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('article', { name: 'Your therapist: Ananya Rao' })).toBeInTheDocument();
});

test('a plan without psychiatry: the psychiatrist stays on the team but has no book again and is not in the picker (product rules, Plan visibility: appVisibility)', async () => {
  server.use(
    http.get(`${API}/customers/my_providers`, () =>
      json({
        data: [...TEAM, { ...person('p-vikram', 'Vikram', 'Iyer', ['psychiatrist']), provider_type: 'psychiatrist', next_session: null }],
      }),
    ),
    http.get(`${API}/customers/app_visibility_v2`, () =>
      json({
        is_org_plan: true,
        plan_code: '2b2',
        is_therapy_offered: true,
        is_psychiatry_offered: false,
        is_couple_therapy_offered: true,
      }),
    ),
  );
  render(<CareTeamSection />);
  const therapist = await screen.findByRole('article', { name: 'Your therapist: Ananya Rao' });
  await within(therapist).findByRole('link', { name: 'Book again with Ananya Rao' });
  const psychiatrist = screen.getByRole('article', { name: 'Your psychiatrist: Vikram Iyer' });
  expect(within(psychiatrist).queryByRole('link', { name: /Book again/ })).toBeNull();
  expect(within(screen.getByLabelText('Book or contact')).queryByRole('option', { name: /Vikram Iyer/ })).toBeNull();
});
