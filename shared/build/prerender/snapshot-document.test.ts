import { sessionGateScript, snapshotDocument, startAfterPaintScript } from './snapshot-document.mjs';

describe('snapshotDocument', () => {
  const template =
    '<!doctype html><html lang="en"><head><title>Haven</title><meta name="description" content="site">' +
    '<script src="/boot-timeout.js" defer="defer"></script><script defer="defer" src="/main.js?abc" fetchpriority="high"></script>' +
    '<link rel="preload" as="style" href="/1.css"><link rel="preload" as="script" href="/2.js"></head>' +
    '<body><noscript>x</noscript><div id="hv-chrome"></div><div id="hv-app"><div class="hv-boot">…</div></div></body></html>';
  const html = snapshotDocument(template, {
    title: 'Log in | Haven',
    head: ['<meta name="description" content="page">'],
    body: '<div id="hvs-hv-app"><h1>Log in</h1></div>',
    stylesheet: '/prerendered/abc.css',
  });

  it('puts the page beside empty live containers and takes the page title, description and stylesheet', () => {
    expect(html).toContain('<title>Log in | Haven</title>');
    expect(html).not.toContain('content="site"');
    expect(html).toContain('<meta name="description" content="page">');
    expect(html).toContain('<link rel="stylesheet" href="/prerendered/abc.css" data-hv-snapshot-style />');
    // The boot frame stays with the live page (shown only to a visitor with a session); the gate runs before the paint.
    expect(html).toContain('<div id="hv-live"><div id="hv-chrome"></div><div id="hv-app"><div class="hv-boot">…</div></div></div>');
    expect(html).toContain('<script src="/prerendered/session-gate.js"></script>');
    // The app's scripts and their preloads start after the first paint; the boot-timeout notice stays.
    expect(html).toContain('<script src="/boot-timeout.js" defer="defer"></script>');
    expect(html).not.toContain('src="/main.js');
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain(
      '<script src="/prerendered/start-after-paint.js" defer data-scripts="[&quot;/main.js?abc&quot;]" data-preloads="[[&quot;style&quot;,&quot;/1.css&quot;],[&quot;script&quot;,&quot;/2.js&quot;]]"></script>',
    );
    expect(html).toContain('<div id="hv-snapshot"><div id="hvs-hv-app"><h1>Log in</h1></div></div>');
    expect(html.trimEnd().endsWith('</body></html>')).toBe(true);
  });

  it("marks a picture meant for a visitor with a session (the signed-in home's skeleton), and only that one", () => {
    const skeleton = snapshotDocument(template, {
      title: 'Your care',
      head: [],
      body: '<h1>Your care</h1>',
      stylesheet: '/s.css',
      forSession: true,
    });
    expect(skeleton).toContain('<div id="hv-live" data-hv-for-session><div id="hv-chrome">');
    expect(skeleton).toContain('<div id="hv-snapshot" data-hv-for-session><h1>Your care</h1></div>');
    expect(html).not.toContain('data-hv-for-session');
  });

  it("leaves the session gate out of a picture every visitor is shown (the session room's standalone page)", () => {
    const room = snapshotDocument(template, {
      title: 'Session room',
      head: [],
      body: '<h1>Session room</h1>',
      stylesheet: '/s.css',
      sessionGate: false,
    });
    expect(room).not.toContain('session-gate.js');
    expect(room).not.toContain('data-hv-for-session');
    expect(room).toContain('<div id="hv-snapshot"><h1>Session room</h1></div>');
    expect(room).toContain('<script src="/prerendered/start-after-paint.js" defer');
  });

  it('refuses a template it does not know', () => {
    expect(() => snapshotDocument('<html><body></body></html>', { title: '', head: [], body: '', stylesheet: '' })).toThrow(/hv-chrome/);
  });
});

describe('sessionGateScript', () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });

  it.each([
    ['a stored session', true],
    ['no session', false],
  ])('%s', (_, stored) => {
    if (stored) localStorage.setItem('@Token:', '{"access-token":"t"}');
    new Function(sessionGateScript('@Token:'))();
    expect(document.documentElement.classList.contains('hv-has-session')).toBe(stored);
  });
});

describe('startAfterPaintScript', () => {
  let frames: FrameRequestCallback[] = [];
  beforeEach(() => {
    frames = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  });
  afterEach(() => {
    jest.restoreAllMocks();
    document.documentElement.className = '';
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  // The app's scripts wait for the picture's first frame only when the visitor is shown the picture.
  it.each([
    ['a public picture, no session: after the paint', false, false, false],
    ['a public picture, a stored session (boot frame instead): at once', false, true, true],
    ['the home skeleton, a stored session: after the paint', true, true, false],
    ['the home skeleton, no session (boot frame instead): at once', true, false, true],
  ])('%s', (_, forSession, session, atOnce) => {
    if (session) document.documentElement.classList.add('hv-has-session');
    document.body.innerHTML = `<div id="hv-snapshot"${forSession ? ' data-hv-for-session' : ''}></div>`;
    const me = document.createElement('script');
    me.setAttribute('data-scripts', '["/main.js"]');
    me.setAttribute('data-preloads', '[]');
    document.head.append(me);
    Object.defineProperty(document, 'currentScript', { value: me, configurable: true });
    try {
      new Function(startAfterPaintScript())();
    } finally {
      Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
    }
    const started = () => [...document.head.querySelectorAll('script')].some((s) => s.getAttribute('src') === '/main.js');
    expect(started()).toBe(atOnce);
    expect(frames.length).toBe(atOnce ? 0 : 1);
  });
});
