import { render, screen } from '@testing-library/react';
import { Badge } from '../Badge/Badge';
import { EmptyState } from '../EmptyState/EmptyState';
import { Card } from './Card';

describe('Card, Badge and EmptyState', () => {
  it('a card is the element asked for, with its variant', () => {
    render(
      <Card as="section" variant="elevated" interactive aria-labelledby="t">
        <h2 id="t">Your next session</h2>
      </Card>,
    );
    const card = screen.getByRole('region', { name: 'Your next session' });
    expect(card).toHaveClass('hv-card', 'hv-card--elevated', 'hv-card--interactive');
  });

  it('a badge says its status in words, its icon hidden', () => {
    render(
      <Badge tone="success" icon={<svg data-testid="icon" />}>
        Covered
      </Badge>,
    );
    expect(screen.getByText('Covered')).toHaveClass('hv-badge', 'hv-badge--success');
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
  });

  it('an empty state has a heading at the level asked, a decorative picture and its next step', () => {
    const { container } = render(
      <EmptyState title="No sessions yet" headingLevel={3} action={<a href="/providers">Find a therapist</a>}>
        <p>When you book, your sessions appear here.</p>
      </EmptyState>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'No sessions yet' })).toBeInTheDocument();
    // a decorative picture with its box reserved
    expect(container.querySelector('img.hv-illustration')).toHaveAttribute('alt', '');
    expect(container.querySelector('img.hv-illustration')).toHaveAttribute('width', '160');
    expect(screen.getByRole('link', { name: 'Find a therapist' })).toBeInTheDocument();
  });

  it('an empty state without a title is the picture and its sentence, no heading', () => {
    render(
      <EmptyState>
        <p>No files yet.</p>
      </EmptyState>,
    );
    expect(screen.getByText('No files yet.')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
