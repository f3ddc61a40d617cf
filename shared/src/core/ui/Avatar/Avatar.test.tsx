import { fireEvent, render, screen } from '@testing-library/react';
import { setRuntimeConfig } from '../../config/runtime-config';
import { testRuntimeConfig } from '../../test/runtime-config-kit';
import { Avatar } from './Avatar';

const config = testRuntimeConfig({ assetHost: 'http://localhost:4000' });
const priya = { uuid: 'u-1', first_name: 'Priya', last_name: 'Sharma', avatar_url: 'http://localhost:4000/avatars/priya-sharma.png' };

afterEach(() => setRuntimeConfig(null));

describe('Avatar', () => {
  it('shows the photo from the asset host, named for the person', () => {
    setRuntimeConfig(config);
    render(<Avatar person={priya} />);
    expect(screen.getByRole('img', { name: 'Photo of Priya Sharma' })).toHaveAttribute('src', priya.avatar_url);
  });

  it('draws initials when there is no photo, when the url breaks the rule, and when the photo fails to load', () => {
    setRuntimeConfig(config);
    const { rerender } = render(<Avatar person={{ ...priya, avatar_url: null }} />);
    expect(screen.getByRole('img', { name: 'Priya Sharma (initials PS)' })).toHaveTextContent('PS');
    rerender(<Avatar person={{ ...priya, avatar_url: 'https://evil.test/avatars/x.png' }} />);
    expect(screen.getByRole('img', { name: 'Priya Sharma (initials PS)' })).not.toHaveAttribute('src');
    rerender(<Avatar person={priya} />);
    fireEvent.error(screen.getByRole('img', { name: 'Photo of Priya Sharma' }));
    expect(screen.getByRole('img', { name: 'Priya Sharma (initials PS)' })).toHaveTextContent('PS');
  });

  it('without an asset host in the config only the drawn avatar is shown; a decorative one is hidden', () => {
    setRuntimeConfig({ ...config, assetHost: undefined });
    const { container } = render(<Avatar person={priya} decorative />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.firstChild).toHaveAttribute('aria-hidden', 'true');
  });

  it('with no name and no photo draws the warm default figure, not a question mark', () => {
    render(<Avatar person={{}} />);
    const avatar = screen.getByRole('img', { name: 'Profile photo' });
    expect(avatar).toHaveClass('hv-avatar--warm');
    expect(avatar).not.toHaveTextContent('?');
  });
});
