// Nothing typed is lost when a session ends: the journal's text kept at the session loss
// (storedPageData) comes back in the editor after the next sign-in, once, and only to its writer.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { havenStore, type AuthUser } from '@haven/shared';
import { API, installApiTestKit, json, server } from '../../test/api-test-kit';
import { JournalPage } from './JournalPage';

installApiTestKit();
beforeEach(() => {
  localStorage.removeItem('journal_draft:u-7');
  sessionStorage.clear();
  server.use(http.get(`${API}/journal_entries`, () => json({ data: [] })));
  havenStore.getState().auth.update({ user: { id: 7, uuid: 'u-7', firebaseid: 'fb-7' } as AuthUser });
});
afterEach(() => havenStore.getState().auth.update({ user: null }));

const keep = (user: string) =>
  sessionStorage.setItem(
    'storedPageData',
    JSON.stringify({
      path: '/journal',
      landing: '/',
      user,
      text: { journal: { entry: '', title: 'Today', body: 'Dear diary, the session ended mid-sentence', mood: '' } },
      savedAt: Date.now(),
      returned: true,
    }),
  );

const renderJournal = () =>
  render(
    <MemoryRouter initialEntries={['/journal']}>
      <JournalPage />
    </MemoryRouter>,
  );

test('the text typed when the session ended is back in the editor, kept as the draft, and used once', async () => {
  keep('u-7');
  renderJournal();
  expect(await screen.findByLabelText('Title')).toHaveValue('Today');
  expect(screen.getByLabelText('What is on your mind?')).toHaveValue('Dear diary, the session ended mid-sentence');
  expect(JSON.parse(localStorage.getItem('journal_draft:u-7') ?? '{}')).toMatchObject({ title: 'Today' });
  expect(sessionStorage.getItem('storedPageData')).toBeNull();
});

test("another person's kept text is not shown", async () => {
  keep('u-8');
  renderJournal();
  expect(await screen.findByLabelText('Title')).toHaveValue('');
});

test('saving an entry says so in a status the screen reader announces, and empties the editor', async () => {
  server.use(
    http.post(`${API}/journal_entries`, async ({ request }) => {
      const body = (await request.json()) as { title: string; body: string };
      return json({ data: { uuid: 'j-1', title: body.title, body: body.body, mood: null, created_at: '2026-12-07T10:00:00Z' } });
    }),
  );
  renderJournal();
  // The live region is in the page before anything is said (a region added with its text is often not read).
  const status = screen.getAllByRole('status').find((e) => e.textContent === '');
  expect(status).toBeDefined();
  await userEvent.type(screen.getByLabelText('Title'), 'A calmer day');
  await userEvent.type(screen.getByLabelText('What is on your mind?'), 'Walked by the sea.');
  await userEvent.click(screen.getByRole('button', { name: 'Save entry' }));
  expect(await screen.findByText('Your entry "A calmer day" is saved.')).toBe(status);
  expect(screen.getByLabelText('Title')).toHaveValue('');
});
