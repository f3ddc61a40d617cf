import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorScreen } from './ErrorScreen';
import { goToHomepage, reloadPage } from './page-navigation';

// jsdom cannot navigate: stub the two full-page navigations (tested below in page-navigation.test.ts).
jest.mock('./page-navigation', () => ({ goToHomepage: jest.fn(), reloadPage: jest.fn() }));
beforeEach(() => jest.clearAllMocks());

describe('ErrorScreen (product rules, Errors and messages: generic error screen)', () => {
  it('shows the spec texts verbatim in an alert region and focuses the heading', () => {
    render(<ErrorScreen />);
    const alert = screen.getByRole('alert');
    const heading = screen.getByRole('heading', { name: 'Oops, looks like something went wrong!' });
    expect(alert).toContainElement(heading);
    expect(heading).toHaveFocus();
    expect(screen.getByText('Our servers are a little stressed right now. Please try again in a moment.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'back to homepage' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh page' })).toBeInTheDocument();
    // the product's own error picture (a file of the build, never fetched from elsewhere), decorative, its box sized
    const picture = alert.querySelector('img.hv-illustration');
    expect(picture).toHaveAttribute('alt', '');
    expect(picture).toHaveAttribute('height', '133');
  });

  it('calls the given handlers', async () => {
    const onHome = jest.fn();
    const onRefresh = jest.fn();
    render(<ErrorScreen onHome={onHome} onRefresh={onRefresh} />);
    await userEvent.click(screen.getByRole('button', { name: 'back to homepage' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh page' }));
    expect(onHome).toHaveBeenCalledTimes(1);
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it("by default 'back to homepage' goes to / and 'Refresh page' reloads", async () => {
    render(<ErrorScreen />);
    await userEvent.click(screen.getByRole('button', { name: 'back to homepage' }));
    expect(goToHomepage).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh page' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
