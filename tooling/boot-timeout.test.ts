import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// tooling/public/boot-timeout.js, as every app's page runs it (a plain script, no module).
const script = readFileSync(join(__dirname, 'public/boot-timeout.js'), 'utf8');
const NOTICE = /Haven is taking longer than usual to load\. Please check your internet connection and refresh the page\./;

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = '';
});

describe('boot-timeout.js', () => {
  it('says so in the boot frame when the app has not replaced it after 20 s', () => {
    document.body.innerHTML =
      '<div id="hv-app"><div class="hv-boot"><div class="hv-boot__status" role="status" aria-label="Loading"></div></div></div>';
    new Function(script)();
    jest.advanceTimersByTime(19_999);
    expect(document.body.textContent).not.toMatch(NOTICE);
    jest.advanceTimersByTime(1);
    const status = document.querySelector('.hv-boot__status')!;
    expect(status.getAttribute('role')).toBe('alert');
    expect(status.textContent).toMatch(NOTICE);
  });

  it("says so in a picture painted as HTML whose app never came (the session room's link check)", () => {
    document.body.innerHTML =
      '<div id="hv-live"><div id="hv-app"></div></div>' +
      '<div id="hv-snapshot"><main><h1>Session room</h1><span class="hv-spinner hv-spinner--md" role="status" aria-label="Checking your session"></span></main></div>';
    new Function(script)();
    jest.advanceTimersByTime(20_000);
    expect(document.querySelector('#hv-snapshot .hv-spinner')).toBeNull();
    const alert = document.querySelector('#hv-snapshot [role="alert"]')!;
    expect(alert.textContent).toMatch(NOTICE);
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('');
  });

  it('leaves a page alone once its app has taken the picture over', () => {
    document.body.innerHTML = '<div id="hv-app"><main><h1>Session room</h1><span class="hv-spinner" role="status"></span></main></div>';
    new Function(script)();
    jest.advanceTimersByTime(20_000);
    expect(document.querySelector('.hv-spinner')).not.toBeNull();
  });
});
