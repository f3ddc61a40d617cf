import { applyLaunchParams, readLaunchParams, scrollToSection, type LaunchParams } from './query-params';

const none: LaunchParams = {
  platform: null,
  hideBackBtn: null,
  clickid: null,
  isDisableEdit: null,
  skipAnalytics: null,
  sectionid: null,
  company: null,
};

describe('readLaunchParams (product rules, Entry parameters: "Query parameters read on load")', () => {
  it.each<[string, Partial<LaunchParams>]>([
    ['', {}],
    ['?platform=android', { platform: 'android' }],
    ['?hideBackBtn=true', { hideBackBtn: true }],
    ['?hideBackBtn=false', { hideBackBtn: false }],
    ['?clickid=abc123', { clickid: 'abc123' }],
    ['?isDisableEdit=true', { isDisableEdit: 'true' }],
    ['?skip_analytics=true', { skipAnalytics: 'true' }],
    ['?sectionid=faq', { sectionid: 'faq' }],
    ['?company=acme', { company: 'acme' }],
    ['company=acme&clickid=x', { company: 'acme', clickid: 'x' }], // no leading '?'
    ['?company=', {}], // empty counts as absent
    ['?company=a%20b', { company: 'a b' }],
    // the auth and attribution parameters are not read here
    ['?token=t&app_token=a&jwt=j&auth_token=x&code=c&CRNID=1&utm_source=s', {}],
  ])('%s', (search, expected) => {
    expect(readLaunchParams(search)).toEqual({ ...none, ...expected });
  });

  it('caps very long values', () => {
    expect(readLaunchParams(`?clickid=${'x'.repeat(10_000)}`).clickid).toHaveLength(256);
  });
});

describe('applyLaunchParams (product rules, Entry parameters: storage: clickid stored, isDisableEdit and skip_analytics for the session, company stored)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it.each([
    ['clickid', '?clickid=abc', localStorage, 'clickid', 'abc'],
    ['company', '?company=acme', localStorage, 'company', 'acme'],
    ['platform', '?platform=ios', localStorage, 'platform', 'ios'],
    ['isDisableEdit', '?isDisableEdit=true', sessionStorage, 'isDisableEdit', 'true'],
    ['skip_analytics', '?skip_analytics=true', sessionStorage, 'skip_analytics', 'true'],
  ])('%s goes to its storage', (_param, search, storage, key, expected) => {
    applyLaunchParams(readLaunchParams(search));
    expect(storage.getItem(key)).toBe(expected);
  });

  it('keeps isDisableEdit and skip_analytics out of local storage', () => {
    applyLaunchParams(readLaunchParams('?isDisableEdit=true&skip_analytics=true'));
    expect(localStorage.length).toBe(0);
  });

  it('does not clear earlier stored values when a parameter is absent', () => {
    localStorage.setItem('company', 'acme');
    applyLaunchParams(readLaunchParams('?clickid=x'));
    expect(localStorage.getItem('company')).toBe('acme');
  });

  it('returns hideBackBtn, platform and sectionid for the shell', () => {
    expect(applyLaunchParams(readLaunchParams('?hideBackBtn=true&platform=android&sectionid=faq&clickid=x'))).toEqual({
      hideBackBtn: true,
      platform: 'android',
      sectionid: 'faq',
    });
  });

  it('survives blocked storage', () => {
    const blocked = {
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    expect(applyLaunchParams(readLaunchParams('?company=acme&skip_analytics=true'), { local: blocked, session: blocked })).toEqual({
      hideBackBtn: null,
      platform: null,
      sectionid: null,
    });
  });
});

describe('scrollToSection (product rules, Entry parameters: "sectionid (smooth scroll to that element after 100 ms, then removed from the URL)")', () => {
  let scrollIntoView: jest.Mock;
  beforeEach(() => {
    jest.useFakeTimers();
    scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    document.body.innerHTML = '<section id="faq">FAQ</section>';
  });
  afterEach(() => {
    jest.useRealTimers();
    document.body.innerHTML = '';
  });

  it('scrolls smoothly to the element after 100 ms, then removes only sectionid from the URL', () => {
    window.history.replaceState({ idx: 3 }, '', '/therapy-psychiatry/?utm_source=a%20b&sectionid=faq&step=1#top');
    scrollToSection('faq');
    jest.advanceTimersByTime(99);
    expect(scrollIntoView).not.toHaveBeenCalled();
    expect(window.location.search).toContain('sectionid=faq');

    jest.advanceTimersByTime(1);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('faq'));
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/therapy-psychiatry/?utm_source=a%20b&step=1#top',
    );
    expect(window.history.state).toEqual({ idx: 3 }); // the router's state is kept
  });

  it('removes the parameter even when no element has that id, leaving no empty query', () => {
    window.history.replaceState(null, '', '/?sectionid=missing');
    scrollToSection('missing');
    jest.advanceTimersByTime(100);
    expect(scrollIntoView).not.toHaveBeenCalled();
    expect(window.location.href).toBe('http://localhost/');
  });

  it('can be cancelled before it runs', () => {
    window.history.replaceState(null, '', '/?sectionid=faq');
    const cancel = scrollToSection('faq', { delayMs: 100 });
    cancel();
    jest.advanceTimersByTime(1000);
    expect(scrollIntoView).not.toHaveBeenCalled();
    expect(window.location.search).toBe('?sectionid=faq');
  });

  it('takes a custom delay', () => {
    window.history.replaceState(null, '', '/?sectionid=faq');
    scrollToSection('faq', { delayMs: 500 });
    jest.advanceTimersByTime(499);
    expect(scrollIntoView).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });
});
