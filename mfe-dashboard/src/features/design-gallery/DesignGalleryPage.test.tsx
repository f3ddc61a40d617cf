import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { DesignGalleryPage } from './DesignGalleryPage';

jest.setTimeout(30_000); // a long page: its first render on a loaded machine takes seconds

describe('/design, the design language gallery', () => {
  it('shows every part under its own heading, each control named', async () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/design']}>
        <DesignGalleryPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Design language' })).toBeInTheDocument();
    for (const section of [
      'Colour',
      'Type',
      'Icons',
      'Illustrations',
      'Buttons',
      'Fields',
      'Answer cards',
      'File drop zone',
      'Toggles',
      'Chips and badges',
      'Cards and avatars',
      'Empty state',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    }
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('hi');
    expect(screen.getByRole('switch', { name: 'Session reminders' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByLabelText('Add a document')).toHaveAttribute('type', 'file');
    // ids are unique (labels and descriptions point at one element each)
    const ids = [...container.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    // at rest nothing says it is busy; the loading states are shown on demand
    expect(container.querySelector('[aria-busy="true"], .hv-spinner')).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'Show loading states' }));
    expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Paying' })).toHaveAttribute('aria-busy', 'true');
    // the chips do what they say
    await userEvent.click(screen.getByRole('button', { name: 'Remove Hindi' }));
    expect(screen.queryByRole('button', { name: 'Remove Hindi' })).not.toBeInTheDocument();
  });
});
