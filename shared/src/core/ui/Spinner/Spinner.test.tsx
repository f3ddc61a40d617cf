import { render, screen } from '@testing-library/react';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it("is a status named 'Loading' by default", () => {
    render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading' })).toHaveClass('hv-spinner', 'hv-spinner--md');
  });

  it('takes a label and a size', () => {
    render(<Spinner label="Loading sessions" size="lg" />);
    expect(screen.getByRole('status', { name: 'Loading sessions' })).toHaveClass('hv-spinner--lg');
  });
});
