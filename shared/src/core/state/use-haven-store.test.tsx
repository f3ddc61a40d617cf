import React, { useLayoutEffect } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createHavenStore, useHavenStore, type HavenStore } from './store';

let store: HavenStore;
const rendered = jest.fn();

function Name() {
  rendered();
  const name = useHavenStore((s) => s.auth.user?.email ?? 'nobody', store);
  return <p>signed in: {name}</p>;
}

const signIn = (email: string) => store.setState((s) => ({ auth: { ...s.auth, user: { ...s.auth.user, email } as never } }));

beforeEach(() => {
  localStorage.clear();
  store = createHavenStore();
  rendered.mockClear();
});

afterEach(() => jest.restoreAllMocks());

describe('useHavenStore: what renders at once and what renders as a transition', () => {
  it('an answer arriving while no input is dispatched renders as a transition, and the page shows it', async () => {
    render(<Name />);
    const transition = jest.spyOn(React, 'startTransition');
    await act(async () => {
      await Promise.resolve();
      signIn('asha@example.com');
    });
    expect(transition).toHaveBeenCalledTimes(1);
    expect(screen.getByText('signed in: asha@example.com')).toBeInTheDocument();
  });

  it('a change made while a tap is dispatched renders at once, not as a transition', () => {
    function SignInButton() {
      return <button onClick={() => signIn('ravi@example.com')}>Sign in</button>;
    }
    render(
      <>
        <Name />
        <SignInButton />
      </>,
    );
    const transition = jest.spyOn(React, 'startTransition');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(transition).not.toHaveBeenCalled();
    expect(screen.getByText('signed in: ravi@example.com')).toBeInTheDocument();
  });

  it('a change made between the first render and the subscription is shown', async () => {
    function SignsInWhileMounting() {
      useLayoutEffect(() => signIn('early@example.com'), []);
      return null;
    }
    await act(async () => {
      render(
        <>
          <Name />
          <SignsInWhileMounting />
        </>,
      );
    });
    expect(screen.getByText('signed in: early@example.com')).toBeInTheDocument();
  });

  it('a change to another part of the store renders nothing', async () => {
    render(<Name />);
    const before = rendered.mock.calls.length;
    await act(async () => {
      store.setState((s) => ({ nudge: { ...s.nudge, isAllLoaded: true } }));
    });
    expect(rendered).toHaveBeenCalledTimes(before);
    expect(screen.getByText('signed in: nobody')).toBeInTheDocument();
  });

  it('stops listening when unmounted', async () => {
    const { unmount } = render(<Name />);
    unmount();
    const before = rendered.mock.calls.length;
    await act(async () => signIn('late@example.com'));
    expect(rendered).toHaveBeenCalledTimes(before);
  });
});
