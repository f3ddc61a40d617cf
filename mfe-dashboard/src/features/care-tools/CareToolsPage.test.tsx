import { render, screen } from '@testing-library/react';
import { http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { API, installApiTestKit, json, server } from '../../test/api-test-kit';
import { CareToolDetailPage } from './CareToolsPage';

installApiTestKit();

function renderTool(slug: string) {
  return render(
    <MemoryRouter initialEntries={[`/care-tools/${slug}`]}>
      <Routes>
        <Route path="/care-tools/:slug" element={<CareToolDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('CareToolDetailPage', () => {
  it('an address that names no tool is the not-found page, with no retry', async () => {
    server.use(
      http.get(`${API}/care_tools/no-such-tool`, () => json({ success: false, message: 'No care tool no-such-tool', errors: [] }, 404)),
    );
    renderTool('no-such-tool');
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByText(/could not load/i)).toBeNull();
  });

  it('a tool that failed to load (not a missing one) still offers to try again', async () => {
    server.use(http.get(`${API}/care_tools/breathing`, () => json({ success: false, message: 'down', errors: [] }, 503)));
    renderTool('breathing');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: "We couldn't find that page" })).toBeNull();
  });
});
