import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { API, installApiTestKit, json, server, userLocationInIndia } from '../../test/api-test-kit';
import { ContentArea } from './ContentArea';

installApiTestKit();

const summary = (over: Record<string, unknown>) => ({
  kind: 'blogs',
  slug: 'a',
  title: 'A',
  summary: 'About A.',
  topic: 'anxiety',
  author: 'Haven care team',
  minutes: 5,
  published_at: '2026-11-01T10:00:00.000Z',
  starts_at: null,
  seats_left: null,
  ...over,
});
const page = (data: unknown[], topics: string[] = ['anxiety', 'sleep']) => ({
  data,
  meta: { page: 1, per_page: 12, total: data.length, topics },
});
const IN_A_WEEK = new Date(Date.now() + 7 * 86_400_000).toISOString();
const webinar = (over: Record<string, unknown> = {}) => ({
  ...summary({
    kind: 'webinars',
    slug: 'exam-stress',
    title: 'Managing exam stress',
    topic: 'stress',
    starts_at: IN_A_WEEK,
    seats_left: 3,
  }),
  body: ['A live session.'],
  steps: [],
  media_url: null,
  ...over,
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard/resources/*" element={<ContentArea />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ContentArea', () => {
  it('opens on articles with a tab for each kind, and a topic asks the api again', async () => {
    const topics: (string | null)[] = [];
    server.use(
      http.get(`${API}/content/blogs`, ({ request }) => {
        const topic = new URL(request.url).searchParams.get('topic');
        topics.push(topic);
        return json(
          page(
            topic === 'sleep'
              ? [summary({ slug: 'sleep-after-a-hard-day', title: 'Sleep after a hard day', topic: 'sleep' })]
              : [summary({ slug: 'worry', title: 'When worry will not switch off' })],
          ),
        );
      }),
    );
    renderAt('/dashboard/resources');
    expect(await screen.findByRole('link', { name: 'When worry will not switch off' })).toHaveAttribute(
      'href',
      '/dashboard/resources/blogs/worry',
    );
    const tabs = within(screen.getByRole('navigation', { name: 'Kinds of content' })).getAllByRole('link');
    expect(tabs.map((t) => t.textContent)).toEqual(['Articles', 'Videos', 'Webinars', 'Resources', 'Spotlight', 'Support kits']);
    expect(tabs[0]).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 2, name: 'Articles' })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Topic'), 'sleep');
    expect(await screen.findByRole('link', { name: 'Sleep after a hard day' })).toBeInTheDocument();
    expect(topics).toEqual([null, 'sleep']);
  });

  it('a kind with nothing says so; a failed list offers to try again, and trying again shows it', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/content/videos`, () => json(page([], []))),
      http.get(`${API}/content/spotlight`, () =>
        fail ? json({ success: false, message: 'down', errors: [] }, 503) : json(page([summary({ kind: 'spotlight', title: 'Meera' })])),
      ),
    );
    const first = renderAt('/dashboard/resources/videos');
    expect(await screen.findByText('No videos yet.')).toBeInTheDocument();
    first.unmount();

    renderAt('/dashboard/resources/spotlight');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert')).toHaveTextContent('Spotlight could not be loaded.');
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'Meera' })).toBeInTheDocument();
  });

  it('an address naming no kind, or no item, is the not-found page', async () => {
    server.use(http.get(`${API}/content/blogs/gone`, () => json({ success: false, message: 'No blogs item gone', errors: [] }, 404)));
    const a = renderAt('/dashboard/resources/podcasts');
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeInTheDocument();
    a.unmount();
    renderAt('/dashboard/resources/blogs/gone');
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeInTheDocument();
  });

  it('a support kit shows its steps in order, with a way to print them', async () => {
    server.use(
      http.get(`${API}/content/support_kits/panic-attack`, () =>
        json({
          data: {
            ...summary({ kind: 'support_kits', slug: 'panic-attack', title: 'When a panic attack comes' }),
            body: ['It will pass.'],
            steps: [
              { title: 'Name it', detail: 'This is panic.' },
              { title: 'Slow your breath out', detail: 'In for four, out for six.' },
            ],
            media_url: null,
          },
        }),
      ),
    );
    renderAt('/dashboard/resources/support-kits/panic-attack');
    expect(await screen.findByRole('heading', { level: 1, name: 'When a panic attack comes' })).toBeInTheDocument();
    const steps = within(screen.getByRole('list')).getAllByRole('heading', { level: 3 });
    expect(steps.map((s) => s.textContent)).toEqual(['Name it', 'Slow your breath out']);
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Print or save this kit' }));
    expect(print).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to support kits' })).toHaveAttribute('href', '/dashboard/resources/support-kits');
  });

  it('registers for a webinar, and a refused registration says why and keeps the button', async () => {
    let answer = json({ success: false, message: 'This webinar is full.', errors: ['This webinar is full.'], code: 'webinar_full' }, 409);
    const posts: string[] = [];
    server.use(
      userLocationInIndia(),
      http.get(`${API}/content/webinars/exam-stress`, () => json({ data: webinar() })),
      http.get(`${API}/content/webinars/exam-stress/registration`, () =>
        json({ data: { registered: false, registered_at: null, seats_left: 3 } }),
      ),
      http.post(`${API}/content/webinars/exam-stress/registrations`, ({ request }) => {
        posts.push(request.url);
        return answer;
      }),
    );
    renderAt('/dashboard/resources/webinars/exam-stress');
    expect(await screen.findByText('3 seats left')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'About this webinar' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Register for this webinar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This webinar is full.');
    answer = json({ data: { registered: true, registered_at: '2026-11-27T10:00:00.000Z', seats_left: 2 } }, 201);
    await userEvent.click(screen.getByRole('button', { name: 'Register for this webinar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You are registered.');
    expect(screen.queryByRole('button', { name: 'Register for this webinar' })).toBeNull();
    expect(posts).toHaveLength(2);
  });

  it('cancels my registration, freeing the seat; a refused cancel says why and keeps the button', async () => {
    const closed = 'This webinar has already started, so its registrations can no longer be cancelled.';
    let answer = json({ success: false, message: closed, errors: [closed], code: 'webinar_started' }, 422);
    const deletes: string[] = [];
    server.use(
      userLocationInIndia(),
      http.get(`${API}/content/webinars/exam-stress`, () => json({ data: webinar() })),
      http.get(`${API}/content/webinars/exam-stress/registration`, () =>
        json({ data: { registered: true, registered_at: '2026-11-27T10:00:00.000Z', seats_left: 2 } }),
      ),
      http.delete(`${API}/content/webinars/exam-stress/registration`, ({ request }) => {
        deletes.push(request.url);
        return answer;
      }),
    );
    renderAt('/dashboard/resources/webinars/exam-stress');
    expect(await screen.findByText('You are registered. Your seat is saved.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel registration' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(closed);
    expect(screen.getByText('You are registered. Your seat is saved.')).toBeInTheDocument();
    answer = json({ data: { registered: false, registered_at: null, seats_left: 3 } });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel registration' }));
    expect(await screen.findByRole('button', { name: 'Register for this webinar' })).toBeInTheDocument();
    expect(screen.getByText('3 seats left')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel registration' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(deletes).toHaveLength(2);
  });

  it('a webinar that has taken place offers no registration', async () => {
    server.use(
      userLocationInIndia(),
      http.get(`${API}/content/webinars/grief`, () => json({ data: webinar({ slug: 'grief', starts_at: '2026-01-05T08:00:00.000Z' }) })),
      http.get(`${API}/content/webinars/grief/registration`, () =>
        json({ data: { registered: false, registered_at: null, seats_left: null } }),
      ),
    );
    renderAt('/dashboard/resources/webinars/grief');
    expect(await screen.findByText('This webinar has already taken place.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register for this webinar' })).toBeNull();
  });
});
