import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { API, installApiTestKit, json, server } from '../../test/api-test-kit';
import { DocumentsPage } from './DocumentsPage';

installApiTestKit();
jest.setTimeout(30_000);

test('the file choice is a labelled drop zone; a file the rule refuses is said at the zone, nothing sent', async () => {
  let posted = 0;
  server.use(
    http.get(`${API}/customers/documents`, () => json({ data: [] })),
    http.post(`${API}/customers/documents`, () => {
      posted += 1;
      return json({ data: null }, 500);
    }),
  );
  const { container } = render(<DocumentsPage />);
  const input = screen.getByLabelText('Choose a file');
  expect(input).toHaveAttribute('type', 'file');
  expect(input.closest('.hv-dropzone')).not.toBeNull();
  expect(input).toHaveAccessibleDescription(/Drag a file here, or choose one/);
  await userEvent.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }), { applyAccept: false });
  const alert = await screen.findByRole('alert');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription(new RegExp(alert.textContent ?? ''));
  expect(container.querySelector('.hv-dropzone--invalid')).not.toBeNull();
  expect(posted).toBe(0);
});
