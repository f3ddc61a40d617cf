// The list's filters are the address: every filter in force is a visible chip a patient can remove, a
// shared link (or a reload) shows the same chips and the same search, and an empty result offers the
// filters to loosen.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { havenStore, ToastHost } from '@haven/shared';
import { ProviderList } from './ProviderList';
import { API, installApiTestKit, server } from '../../test/api-test-kit';

installApiTestKit();

const searches: string[] = [];
beforeEach(() => {
  searches.length = 0;
  // A visitor (no plan limits the list).
  havenStore.getState().auth.update({ user: null, loading: false });
  server.use(
    http.get(`${API}/providers`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      q.delete('per_page');
      q.sort();
      searches.push(q.toString());
      return HttpResponse.json({ data: [], meta: { total: 0, page: 1, per_page: 50 } });
    }),
    http.get(`${API}/public/expertise`, () => HttpResponse.json({ data: [{ role: 'therapist', providers: 9 }] })),
    http.get(`${API}/public/concerns`, () => HttpResponse.json({ data: [{ concern: 'anxiety', providers: 7 }] })),
  );
});

/** A filter's chips: its section is a disclosure, opened first when closed. */
async function filterGroup(name: string): Promise<HTMLElement> {
  const toggle = screen.getByRole('button', { name: new RegExp(`^${name}`), expanded: false });
  await userEvent.click(toggle);
  return screen.getByRole('group', { name });
}

function Where() {
  const l = useLocation();
  return <output data-testid="where">{`${l.pathname}${l.search}`}</output>;
}
const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/providers"
          element={
            <>
              <ProviderList />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );

test('two filters from a link are two removable chips and one search; removing one rewrites the address', async () => {
  at('/providers?t=th&l=hi');
  const chips = await screen.findByRole('group', { name: 'Filters in use' });
  expect(within(chips).getByRole('button', { name: /^Type: Therapist ?, remove this filter$/ })).toBeInTheDocument();
  expect(within(chips).getByRole('button', { name: /^Language: Hindi ?, remove this filter$/ })).toBeInTheDocument();
  await screen.findByText(/providers? found$/);
  expect(searches).toContain('language=hindi&role=therapist');

  await userEvent.click(within(chips).getByRole('button', { name: /^Language: Hindi ?, remove this filter$/ }));
  expect(screen.getByTestId('where')).toHaveTextContent(/^\/providers\?t=th$/);
  expect(within(await filterGroup('Language')).getByRole('button', { name: 'Hindi' })).toHaveAttribute('aria-pressed', 'false');
  expect(screen.queryByRole('button', { name: /Language: Hindi/ })).toBeNull();
});

test('choosing a filter adds its chip and its short code to the address', async () => {
  at('/providers?t=th');
  await screen.findByText(/providers? found$/);
  await userEvent.click(within(await filterGroup('Price tier')).getByRole('button', { name: 'Tier 2' }));
  expect(screen.getByTestId('where')).toHaveTextContent(/^\/providers\?t=th&p=p2$/);
  expect(await screen.findByRole('button', { name: /^Price tier 2 ?, remove this filter$/ })).toBeInTheDocument();
});

test('several values of two filters: one chip each, one search, and removing one value keeps the rest', async () => {
  at('/providers?t=th,ps&l=hi,ta');
  const chips = await screen.findByRole('group', { name: 'Filters in use' });
  for (const name of ['Type: Therapist', 'Type: Psychiatrist', 'Language: Hindi', 'Language: Tamil'])
    expect(within(chips).getByRole('button', { name: new RegExp(`^${name} ?, remove this filter$`) })).toBeInTheDocument();
  await screen.findByText(/providers? found$/);
  expect(searches).toContain('language=hindi%2Ctamil&role=therapist%2Cpsychiatrist');
  // A third language is one more chip in the same filter (any of them matches).
  await userEvent.click(within(await filterGroup('Language')).getByRole('button', { name: 'Marathi' }));
  expect(screen.getByTestId('where')).toHaveTextContent(/^\/providers\?t=th%2Cps&l=hi%2Cta%2Cmr$/);
  await userEvent.click(within(chips).getByRole('button', { name: /^Type: Psychiatrist ?, remove this filter$/ }));
  expect(screen.getByTestId('where')).toHaveTextContent(/^\/providers\?t=th&l=hi%2Cta%2Cmr$/);
});

test('nothing found with several values: each filter is one suggestion to drop as a whole', async () => {
  at('/providers?t=th,ct&g=nb');
  const loosen = await screen.findByTestId('loosen-filters');
  expect(loosen).toHaveTextContent('No provider matches all of Type: Therapist or Couples therapist, Gender: Non-binary');
  await userEvent.click(within(loosen).getByRole('button', { name: 'Without Type: Therapist or Couples therapist' }));
  expect(screen.getByTestId('where')).toHaveTextContent(/^\/providers\?g=nb$/);
});

test('nothing found: the page names the filters in force and offers to drop each', async () => {
  at('/providers?t=th&g=nb');
  const loosen = await screen.findByTestId('loosen-filters');
  expect(loosen).toHaveTextContent('No provider matches all of Type: Therapist, Gender: Non-binary');
  await userEvent.click(within(loosen).getByRole('button', { name: 'Without Gender: Non-binary' }));
  expect(screen.getByTestId('where')).toHaveTextContent(/^\/providers\?t=th$/);
});

test('a failed list: the error toast, an empty list and a way to try again that searches again', async () => {
  server.use(http.get(`${API}/providers`, () => HttpResponse.json({ success: false, errors: ['boom'] }, { status: 500 })));
  render(
    <MemoryRouter initialEntries={['/providers?t=th']}>
      <ToastHost />
      <Routes>
        <Route path="/providers" element={<ProviderList />} />
      </Routes>
    </MemoryRouter>,
  );
  // Product rules, Errors and messages: the spec's toast, and no cards.
  expect(await screen.findByText('Error fetching therapist(s)/psychiatrist(s)')).toBeInTheDocument();
  expect(screen.queryAllByTestId('provider-card')).toHaveLength(0);
  expect(screen.queryByText(/boom/)).toBeNull();

  const answered = searches.length;
  server.use(
    http.get(`${API}/providers`, ({ request }) => {
      searches.push(new URL(request.url).search);
      return HttpResponse.json({ data: [], meta: { total: 0, page: 1, per_page: 50 } });
    }),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await screen.findByText(/providers? found$/);
  expect(searches.length).toBe(answered + 1);
});
