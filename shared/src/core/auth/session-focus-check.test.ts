import { havenStore } from '../state/store';
import { watchSessionOnFocus } from './session-focus-check';
import { apiUser, installAuthTestKit, signedIn } from './test/auth-test-kit';

installAuthTestKit();

function page() {
  const target = new EventTarget();
  const doc = { visibilityState: 'visible' as DocumentVisibilityState };
  return { win: target as unknown as Window, doc, fire: (type: string) => target.dispatchEvent(new Event(type)) };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('watchSessionOnFocus', () => {
  it('a signed-in page asks once per focus (focus + visibilitychange together count once)', async () => {
    signedIn();
    havenStore.getState().auth.update({ user: apiUser() as never });
    const { win, doc, fire } = page();
    let t = 10_000;
    const check = jest.fn(() => Promise.resolve());
    const stop = watchSessionOnFocus({ win, doc, check, now: () => t });
    fire('focus');
    fire('visibilitychange');
    await flush();
    expect(check).toHaveBeenCalledTimes(1);
    t += 5_000;
    fire('focus');
    await flush();
    expect(check).toHaveBeenCalledTimes(2);
    doc.visibilityState = 'hidden';
    t += 5_000;
    fire('visibilitychange');
    expect(check).toHaveBeenCalledTimes(2);
    stop();
    t += 5_000;
    fire('focus');
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('signed out (no user or no credentials): no call', () => {
    const { win, doc, fire } = page();
    const check = jest.fn(() => Promise.resolve());
    watchSessionOnFocus({ win, doc, check, now: () => 0 });
    fire('focus');
    havenStore.getState().auth.update({ user: apiUser() as never });
    fire('focus');
    expect(check).not.toHaveBeenCalled();
  });
});
