import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { havenStore } from '../../state/store';
import { CrisisBar, DISCLAIMER_TEXT } from './CrisisBar';

beforeEach(() => {
  act(() => {
    havenStore.getState().disclaimer.reset();
    havenStore.getState().userLocationDetails.reset();
  });
  localStorage.clear();
});

describe('CrisisBar (product rules, Assessments and crisis: disclaimer, crisis help)', () => {
  it('shows the disclaimer until it is acknowledged, then only the short note; the choice is persisted', async () => {
    render(<CrisisBar />);
    expect(screen.getByText(DISCLAIMER_TEXT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByText(DISCLAIMER_TEXT)).not.toBeInTheDocument();
    expect(screen.getByText('Not for emergencies.')).toBeInTheDocument();
    expect(havenStore.getState().disclaimer.shown).toBe(true);
    expect(JSON.parse(localStorage.getItem('haven') ?? '{}')).toMatchObject({ state: { disclaimer: { shown: true } } });
  });

  it('opens the helplines of the stored country first, India next, each a tel: link', async () => {
    localStorage.setItem('userCountry', 'GB');
    render(<CrisisBar />);
    await userEvent.click(screen.getByRole('button', { name: 'Crisis help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crisis help' });
    const headings = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings.slice(0, 2)).toEqual(['United Kingdom', 'India']);
    expect(within(dialog).getAllByRole('link', { name: 'Samaritans 116 123' })[0]).toHaveAttribute('href', 'tel:116123');
    expect(within(dialog).getByRole('link', { name: 'Tele-MANAS mental health helpline 14416' })).toHaveAttribute('href', 'tel:14416');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('India first when the country is unknown', async () => {
    render(<CrisisBar />);
    await userEvent.click(screen.getByRole('button', { name: 'Crisis help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crisis help' });
    expect(within(dialog).getAllByRole('heading', { level: 3 })[0]).toHaveTextContent('India');
    expect(within(dialog).getByRole('link', { name: 'Emergency (police, fire, ambulance) 112' })).toHaveAttribute('href', 'tel:112');
  });
});
