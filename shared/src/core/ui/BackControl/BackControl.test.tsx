import { act, render, screen } from '@testing-library/react';
import { havenStore } from '../../state/store';
import { BackControl } from './BackControl';

describe('BackControl (product rules, Entry parameters: hideBackBtn)', () => {
  afterEach(() => act(() => havenStore.getState().appConfig.update({ hideBackBtn: false })));

  it.each([
    [false, true],
    [true, false],
  ])('hideBackBtn %p -> back control shown %p', (hidden, shown) => {
    act(() => havenStore.getState().appConfig.update({ hideBackBtn: hidden }));
    render(
      <BackControl>
        <a href="/dashboard">Back</a>
      </BackControl>,
    );
    expect(Boolean(screen.queryByRole('link', { name: 'Back' }))).toBe(shown);
  });
});
