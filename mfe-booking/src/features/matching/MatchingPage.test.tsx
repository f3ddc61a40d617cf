// "Show my matches" is disabled while it searches, so the browser lets go of focus: the results' heading
// takes it.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { havenStore, type AuthUser } from '@haven/shared';
import { API, installApiTestKit, server } from '../../test/api-test-kit';
import { MatchingPage } from './MatchingPage';

installApiTestKit();

const patient = { id: 1, email: 'asha@example.com', usertype: 'patient' } as AuthUser;
const provider = (uuid: string) => ({ uuid, firstname: 'Kabir', lastname: uuid, roles: ['therapist'], slug: uuid });

let searches = 0;
beforeEach(() => {
  searches = 0;
  act(() => havenStore.getState().auth.update({ user: patient, loading: false }));
  server.use(
    http.get(`${API}/customers/app_visibility_v2`, () => HttpResponse.json({})),
    http.get(`${API}/customers/user_location`, () =>
      HttpResponse.json({ location: { country: 'IN', timezone: 'Asia/Kolkata', is_blacklisted_country: false, is_international: false } }),
    ),
    http.get(`${API}/customers/matches`, () => {
      searches += 1;
      return HttpResponse.json({ data: [provider('p-1'), provider('p-2')] });
    }),
    http.post(`${API}/customers/matching_data`, () =>
      HttpResponse.json({ filter: {}, updated_at: null, all_matched_providers: ['p-1', 'p-2'], recently_matched_providers: [] }),
    ),
  );
});
afterEach(() => act(() => havenStore.getState().auth.reset()));

test('after "Show my matches" focus is on the matches heading', async () => {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/matching']}>
      <MatchingPage />
    </MemoryRouter>,
  );
  await user.click(screen.getByRole('button', { name: 'Show my matches' }));
  const heading = await screen.findByRole('heading', { name: '2 matches' });
  expect(heading).toHaveFocus();
  expect(searches).toBe(1);
});
