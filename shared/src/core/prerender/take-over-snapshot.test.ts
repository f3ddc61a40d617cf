import { liveElementById, takeLiveOffstage } from './offstage';
import { carryInput, isLivePageReady, liveButton, takeOverSnapshot } from './take-over-snapshot';
import { startAfterPaintScript } from '../../../build/prerender/snapshot-document.mjs';

// A snapshot as the build writes it (ids prefixed, the form a div) over the live page's containers.
const SNAPSHOT = `
  <div id="hvs-hv-app"><main>
    <h1>Log in</h1>
    <div data-hv-form>
      <label for="hvs-email">E-mail</label><input id="hvs-email" type="email" />
      <label for="hvs-password">Password</label><input id="hvs-password" type="password" />
      <input type="checkbox" /> <button type="submit">Log in</button>
    </div>
  </main></div>`;

function page(liveApp = '', forSession = false) {
  const audience = forSession ? ' data-hv-for-session' : '';
  document.head.innerHTML = '<link rel="stylesheet" href="/prerendered/a.css" data-hv-snapshot-style />';
  document.body.innerHTML = `<div id="hv-live"${audience}><div id="hv-chrome"></div><div id="hv-app">${liveApp}</div></div><div id="hv-snapshot"${audience}>${SNAPSHOT}</div>`;
}

const LIVE_FORM = `<div id="hv-app-mfe-auth"><main><h1>Log in</h1><form>
  <input id="email" type="email" /><input id="password" type="password" /><input type="checkbox" /><button type="submit">Log in</button>
</form></main></div>`;

const byId = (id: string) => document.getElementById(id) as HTMLInputElement;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

// The document's start-after-paint script, as the page runs it: it marks what is pressed in the snapshot.
beforeAll(() => {
  const script = document.createElement('script');
  script.dataset.scripts = '[]';
  script.dataset.preloads = '[]';
  script.textContent = startAfterPaintScript();
  document.head.append(script);
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('isLivePageReady', () => {
  it.each([
    ['a heading and nothing loading', '<h1>Log in</h1><p>x</p>', true],
    ['no heading yet', '<p>x</p>', false],
    ['a spinner', '<h1>Providers</h1><span class="hv-spinner" role="status"></span>', false],
    ['something busy', '<h1>Providers</h1><div aria-busy="true"></div>', false],
  ])('%s', (_, html, ready) => {
    const app = document.createElement('div');
    app.innerHTML = html;
    expect(isLivePageReady(app)).toBe(ready);
  });
});

describe('carryInput', () => {
  it('types what was typed into the live fields (React hears an input event), ticks what was ticked, and moves the focus', () => {
    page(LIVE_FORM);
    const heard: string[] = [];
    byId('email').addEventListener('input', (event) => heard.push((event.target as HTMLInputElement).value));
    byId('hvs-email').value = 'asha@example.com';
    byId('hvs-password').value = 'secret words';
    (document.querySelector('#hv-snapshot input[type=checkbox]') as HTMLInputElement).checked = true;
    byId('hvs-password').focus();

    carryInput(document.getElementById('hv-snapshot')!, document.getElementById('hv-live')!);

    expect(byId('email').value).toBe('asha@example.com');
    expect(heard).toEqual(['asha@example.com']);
    expect(byId('password').value).toBe('secret words');
    expect((document.querySelector('#hv-live input[type=checkbox]') as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(byId('password'));
  });

  it('leaves a live field alone when nothing was typed in the snapshot', () => {
    page(LIVE_FORM);
    byId('email').value = 'kept@example.com';
    carryInput(document.getElementById('hv-snapshot')!, document.getElementById('hv-live')!);
    expect(byId('email').value).toBe('kept@example.com');
  });
});

describe('carryInput, lists', () => {
  // The sign-up's country code: the picture painted the full list with India chosen; the live page first
  // has only its current option, then the list.
  const COUNTRIES =
    '<option value="AF">Afghanistan (+93)</option><option value="IN" selected>India (+91)</option><option value="GB">United Kingdom (+44)</option>';
  function listPage(liveOptions: string, painted: string) {
    document.body.innerHTML = `<div id="hv-live"><div id="hv-app"><select id="live">${liveOptions}</select></div></div>
      <div id="hv-snapshot"><select id="pic">${painted}</select></div>`;
  }
  const list = (id: string) => document.getElementById(id) as HTMLSelectElement;

  it.each([
    ['the painted choice, untouched: the live default stays', 'IN', '<option value="IN">India (+91)</option>', 'IN', 0],
    [
      'a picture whose list shows its first option (no choice marked), untouched: the live default stays',
      'AF',
      '<option value="IN">India (+91)</option>',
      'IN',
      0,
    ],
    ['another choice, the live list loaded: carried', 'GB', COUNTRIES.replace(' selected', ''), 'GB', 1],
    ['another choice the live list cannot hold yet: the live default stays', 'GB', '<option value="IN">India (+91)</option>', 'IN', 0],
  ])('%s', (name, chosen, liveOptions, expected, changes) => {
    listPage(liveOptions, name.startsWith('a picture whose list') ? COUNTRIES.replace(' selected', '') : COUNTRIES);
    list('live').value = 'IN';
    let heard = 0;
    list('live').addEventListener('change', () => (heard += 1));
    list('pic').value = chosen;
    carryInput(document.getElementById('hv-snapshot')!, document.getElementById('hv-live')!);
    expect(list('live').value).toBe(expected);
    expect(heard).toBe(changes);
  });

  it('carries a field the visitor emptied', () => {
    document.body.innerHTML = `<div id="hv-live"><div id="hv-app"><input id="live" value="asha@example.com" /></div></div>
      <div id="hv-snapshot"><input id="pic" value="asha@example.com" /></div>`;
    byId('pic').value = '';
    carryInput(document.getElementById('hv-snapshot')!, document.getElementById('hv-live')!);
    expect(byId('live').value).toBe('');
  });
});

describe('takeOverSnapshot', () => {
  it('keeps the snapshot until the live page (offstage) is ready, then puts it in place, removes the snapshot and its stylesheet, and replays a press', async () => {
    page('<div class="hv-spinner"></div>');
    takeOverSnapshot(takeLiveOffstage()!, { limitMs: 60_000 });
    byId('hvs-email').value = 'asha@example.com';
    (document.querySelector('#hv-snapshot button') as HTMLButtonElement).click();
    await settle();
    expect(document.getElementById('hv-snapshot')).not.toBeNull();
    // The live page renders offstage: one copy of every field in the document at any moment.
    expect(document.getElementById('hv-live')).toBeNull();
    expect(liveElementById('hv-app')).not.toBeNull();

    const submitted = jest.fn((event: Event) => event.preventDefault());
    liveElementById('hv-app')!.innerHTML = LIVE_FORM;
    liveElementById('hv-app')!.querySelector('form')!.addEventListener('submit', submitted);
    await settle();

    expect(document.getElementById('hv-snapshot')).toBeNull();
    expect(document.querySelector('link[data-hv-snapshot-style]')).toBeNull();
    expect(byId('email').value).toBe('asha@example.com');
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('sends the live form when Enter was pressed in a snapshot field', async () => {
    page('<div class="hv-spinner"></div>');
    takeOverSnapshot(takeLiveOffstage()!, { limitMs: 60_000 });
    byId('hvs-email').value = 'asha@example.com';
    byId('hvs-email').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    const submitted = jest.fn((event: Event) => event.preventDefault());
    liveElementById('hv-app')!.innerHTML = LIVE_FORM;
    liveElementById('hv-app')!.querySelector('form')!.addEventListener('submit', submitted);
    await settle();
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(byId('email').value).toBe('asha@example.com');
  });

  it('keeps the keyboard focus on the same button', async () => {
    page('<div class="hv-spinner"></div>');
    takeOverSnapshot(takeLiveOffstage()!, { limitMs: 60_000 });
    (document.querySelector('#hv-snapshot button') as HTMLButtonElement).focus();
    liveElementById('hv-app')!.innerHTML = LIVE_FORM;
    await settle();
    expect(document.activeElement).toBe(document.querySelector('#hv-live button'));
  });

  it('shows the live page after the time limit even if it never settles', () => {
    jest.useFakeTimers();
    try {
      page('<div class="hv-spinner"></div>');
      takeOverSnapshot(takeLiveOffstage()!, { limitMs: 5_000 });
      jest.advanceTimersByTime(4_999);
      expect(document.getElementById('hv-snapshot')).not.toBeNull();
      jest.advanceTimersByTime(1);
      expect(document.getElementById('hv-snapshot')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('for a visitor with a stored session, drops the signed-out picture and loads the live page in place', () => {
    page();
    document.documentElement.classList.add('hv-has-session');
    try {
      expect(takeLiveOffstage()).toBeNull();
      expect(document.getElementById('hv-snapshot')).toBeNull();
      expect(document.querySelector('link[data-hv-snapshot-style]')).toBeNull();
      expect(liveElementById('hv-app')).toBe(document.getElementById('hv-app'));
    } finally {
      document.documentElement.classList.remove('hv-has-session');
    }
  });

  it("takes the signed-in home's skeleton over for a visitor with a stored session, once the page has its content", async () => {
    page('', true);
    document.documentElement.classList.add('hv-has-session');
    try {
      const prerendered = takeLiveOffstage();
      expect(prerendered).not.toBeNull();
      takeOverSnapshot(prerendered!, { limitMs: 60_000 });
      // The home's own skeleton is busy: the picture stays.
      liveElementById('hv-app')!.innerHTML = '<main><h1>Your care</h1><div aria-busy="true" data-hv-skeleton></div></main>';
      await settle();
      expect(document.getElementById('hv-snapshot')).not.toBeNull();
      liveElementById('hv-app')!.innerHTML = '<main><h1>Your care</h1><p>Upcoming sessions</p></main>';
      await settle();
      expect(document.getElementById('hv-snapshot')).toBeNull();
      expect(document.querySelector('#hv-live h1')?.textContent).toBe('Your care');
    } finally {
      document.documentElement.classList.remove('hv-has-session');
    }
  });

  it("drops the signed-in home's skeleton for a visitor without a session (the app sends them to log in)", () => {
    page('', true);
    expect(takeLiveOffstage()).toBeNull();
    expect(document.getElementById('hv-snapshot')).toBeNull();
    expect(document.querySelector('link[data-hv-snapshot-style]')).toBeNull();
    expect(liveElementById('hv-app')).toBe(document.getElementById('hv-app'));
  });

  it('leaves a page without a snapshot alone', () => {
    document.body.innerHTML = '<div id="hv-chrome"></div><div id="hv-app"></div>';
    expect(takeLiveOffstage()).toBeNull();
    expect(liveElementById('hv-app')).toBe(document.getElementById('hv-app'));
  });
});

describe('liveButton', () => {
  const parts = (snapshotButtons: string, liveButtons: string) => {
    document.body.innerHTML = `<div id="s">${snapshotButtons}</div><div id="l">${liveButtons}</div>`;
    return [document.getElementById('s')!, document.getElementById('l')!] as const;
  };

  it.each([
    ['the button in its place, by name', '<button>A</button><button>Send</button>', '<button>A</button><button>Send</button>', 1],
    ['the only live button of that name when the places moved', '<button>A</button><button>Send</button>', '<button>Send</button>', 0],
    [
      'none when the place holds another button and the name is not unique',
      '<button>X</button><button>Send</button>',
      '<button>Send</button><button>Y</button><button>Send</button>',
      null,
    ],
    ['none when no live button has that name', '<button>Send</button>', '<button>Crisis help</button>', null],
  ])('%s', (_, snapshotHtml, liveHtml, expected) => {
    const [snapshot, live] = parts(snapshotHtml, liveHtml);
    const pressed = snapshot.querySelectorAll('button')[1] ?? snapshot.querySelector('button')!;
    const found = liveButton(pressed, snapshot, live);
    expect(found === null ? null : [...live.querySelectorAll('button')].indexOf(found)).toBe(expected);
  });
});
