import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { focusPageHeadingIfLost, useFocusOnShow } from './use-focus-on-show';

function Replaces() {
  const [done, setDone] = useState(false);
  const heading = useFocusOnShow<HTMLHeadingElement>(done);
  return done ? (
    <h2 ref={heading} tabIndex={-1}>
      Your result
    </h2>
  ) : (
    <button type="button" onClick={() => setDone(true)}>
      See my result
    </button>
  );
}

test('the heading of the content that replaced the pressed control takes focus', () => {
  render(<Replaces />);
  fireEvent.click(screen.getByRole('button', { name: 'See my result' }));
  expect(screen.getByRole('heading', { name: 'Your result' })).toHaveFocus();
});

describe('focusPageHeadingIfLost', () => {
  test('focus on the page body: the page heading takes it', () => {
    render(
      <main>
        <h1>Your sessions</h1>
      </main>,
    );
    focusPageHeadingIfLost();
    expect(screen.getByRole('heading', { name: 'Your sessions' })).toHaveFocus();
  });

  test('focus on a control (given back by the tour): left there', () => {
    render(
      <main>
        <h1>Your sessions</h1>
        <button type="button">Take the tour of this page</button>
      </main>,
    );
    screen.getByRole('button').focus();
    focusPageHeadingIfLost();
    expect(screen.getByRole('button')).toHaveFocus();
  });
});
