import { render, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { API, installApiTestKit, json, server } from '../../test/api-test-kit';
import { ExpertsPage } from './ExpertsPage';

installApiTestKit();

const item = (kind: 'talk' | 'video', title: string, video_url: string, n: number) => ({
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  kind,
  title,
  expert_name: 'Ananya Rao',
  expert_role: 'Therapist',
  description: 'What it is about.',
  video_url,
  duration_minutes: 5,
  published_at: '2026-11-01T10:00:00.000Z',
});

describe('ExpertsPage', () => {
  it('talks and videos in their own sections; a link without an 11-character video id is shown as unavailable, with no link', async () => {
    server.use(
      // The page's tour was seen already: it does not start over the list.
      http.get(`${API}/customers/coachmarks`, () => json({ seen: ['experts'] })),
      http.get(`${API}/experts`, () =>
        json({
          data: [
            item('talk', 'Understanding anxiety', 'https://www.youtube.com/watch?v=WWloIAQpMcQ', 1),
            item('talk', 'Grief does not follow stages', 'https://youtu.be/gsYL4PC0hyk', 2),
            item('video', 'A five-minute grounding exercise', 'https://www.youtube.com/embed/30VMIEmA114', 3),
            item('video', 'Sleep basics in three minutes', 'https://www.youtube.com/watch?v=sleep-basics', 4),
          ],
        }),
      ),
    );
    render(
      <MemoryRouter initialEntries={['/experts']}>
        <ExpertsPage />
      </MemoryRouter>,
    );
    const talks = await screen.findByRole('region', { name: 'Talks' }, { timeout: 5_000 });
    const videos = screen.getByRole('region', { name: 'Videos' });
    expect(await within(talks).findAllByRole('article')).toHaveLength(2);
    expect(within(videos).getAllByRole('article')).toHaveLength(2);
    // An embed link is watched at its watch address.
    expect(
      within(within(videos).getByRole('article', { name: 'A five-minute grounding exercise' })).getByRole('link', { name: /Watch/ }),
    ).toHaveAttribute('href', 'https://www.youtube.com/watch?v=30VMIEmA114');
    const broken = within(videos).getByRole('article', { name: 'Sleep basics in three minutes' });
    expect(broken).toHaveTextContent('This video is not available right now.');
    expect(within(broken).queryByRole('link')).toBeNull();
  });
});
