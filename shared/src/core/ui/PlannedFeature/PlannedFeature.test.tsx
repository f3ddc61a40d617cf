import { render, screen } from '@testing-library/react';
import { PlannedFeature } from './PlannedFeature';

describe('PlannedFeature', () => {
  it('names the feature and says it is not available yet', () => {
    render(<PlannedFeature title="Care tools" />);
    expect(screen.getByRole('region', { name: 'Care tools' })).toBeInTheDocument();
    expect(screen.getByText('This part of Haven is on its way and is not available yet.')).toBeInTheDocument();
  });

  it('says what the caller tells it to', () => {
    render(<PlannedFeature title="Journal">Write about your day.</PlannedFeature>);
    expect(screen.getByText('Write about your day.')).toBeInTheDocument();
  });
});
