import { act, render, screen } from '@testing-library/react';
import { ERROR_SCREEN_HEADING, OFFLINE_BANNER_TEXT } from '@haven/shared';
import { Chrome } from './Chrome';
import { markAppBroken } from './broken-apps';

describe('Chrome', () => {
  beforeEach(() => window.history.pushState(null, '', '/dashboard'));

  it('shows nothing extra on a healthy online page', () => {
    render(<Chrome probeUrl="/config.json" />);
    expect(screen.queryByText(ERROR_SCREEN_HEADING)).not.toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_BANNER_TEXT)).not.toBeInTheDocument();
  });

  it('shows the error screen on the routes of a remote whose lifecycle threw, and only there', () => {
    render(<Chrome probeUrl="/config.json" />);
    act(() => markAppBroken('mfe-dashboard'));
    expect(screen.getByRole('heading', { name: ERROR_SCREEN_HEADING })).toBeInTheDocument();

    act(() => {
      window.history.pushState(null, '', '/t-p');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.queryByRole('heading', { name: ERROR_SCREEN_HEADING })).not.toBeInTheDocument();
  });
});
