import { isEditDisabled, isEditDisabledValue, isInstalledWebApp, isSecondaryTokenHandled } from './entry-params';

describe('isEditDisabledValue (product rules, Entry parameters: isDisableEdit)', () => {
  it.each([
    ['true', true],
    ['TRUE', true],
    [' true ', true],
    ['false', false],
    ['1', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%p -> %p', (value, expected) => expect(isEditDisabledValue(value)).toBe(expected));

  it('reads the session value and treats blocked storage as editable', () => {
    expect(isEditDisabled(() => ({ getItem: () => 'true' }))).toBe(true);
    expect(
      isEditDisabled(() => {
        throw new Error('blocked');
      }),
    ).toBe(false);
  });
});

describe('isSecondaryTokenHandled (product rules, Entry parameters: is_secondary_token_handled)', () => {
  it.each([
    ['?is_secondary_token_handled=true', true],
    ['is_secondary_token_handled=True&app_token=x', true],
    ['?is_secondary_token_handled=false', false],
    ['?is_secondary_token_handled=', false],
    ['?app_token=x', false],
    ['', false],
  ])('%p -> %p', (search, expected) => expect(isSecondaryTokenHandled(search)).toBe(expected));
});

describe('isInstalledWebApp (product rules, Sessions and the room: session-room flag)', () => {
  const media = (matching: string | null) => (query: string) => ({ matches: matching !== null && query === `(display-mode: ${matching})` });
  it.each([
    ['standalone', media('standalone'), undefined, true],
    ['fullscreen', media('fullscreen'), undefined, true],
    ['minimal-ui', media('minimal-ui'), undefined, true],
    ['a browser tab', media('browser'), undefined, false],
    ['iOS home screen', media(null), true, true],
    ['no matchMedia', undefined, undefined, false],
  ])('%s', (_name, matchMedia, standalone, expected) => {
    expect(isInstalledWebApp({ matchMedia, navigator: { standalone } })).toBe(expected);
  });
});
