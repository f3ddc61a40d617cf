import { render, screen, within } from '@testing-library/react';
import { PageFrame } from './PageFrame';

describe('PageFrame (the page layout every remote uses)', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/auth/log-in?redirectPath=%2Ft-p');
  });

  it('renders the header with the product name linking home, the main landmark with the h1, and a footer', () => {
    render(
      <PageFrame title="Log in" app="mfe-auth">
        <p>Log-in comes in a later issue.</p>
      </PageFrame>,
    );
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Haven' })).toHaveAttribute('href', '/');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(within(main).getByText('Log-in comes in a later issue.')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(main.closest('[data-app]')).toHaveAttribute('data-app', 'mfe-auth');
  });

  it('bare: the main landmark and its h1 without the site header or footer (a page that is a task of its own)', () => {
    render(
      <PageFrame title="Session room" app="mfe-session-room" bare>
        <p>The call</p>
      </PageFrame>,
    );
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1, name: 'Session room' })).toBeInTheDocument();
  });

  it('has a skip link to the main content as its first link', () => {
    render(<PageFrame title="Log in" app="mfe-auth" />);
    const skip = screen.getAllByRole('link')[0];
    expect(skip).toHaveTextContent('Skip to content');
    expect(skip).toHaveAttribute('href', `#${screen.getByRole('main').id}`);
  });

  it('sets the page meta: title (cut at 40), description and canonical link', () => {
    render(
      <PageFrame
        title="Online therapy and psychiatry with licensed experts near you"
        description="Book a session."
        app="mfe-booking"
        siteBase="https://haven.care"
      />,
    );
    expect(document.title).toBe('Online therapy and psychiatry with licen');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Book a session.');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://haven.care/auth/log-in/');
    // the visible heading is the full title
    expect(
      screen.getByRole('heading', { level: 1, name: 'Online therapy and psychiatry with licensed experts near you' }),
    ).toBeInTheDocument();
  });
});
