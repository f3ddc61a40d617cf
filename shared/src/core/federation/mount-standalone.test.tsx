import { act } from '@testing-library/react';
import { mountStandalone } from './mount-standalone';
import { DISCLAIMER_TEXT } from '../ui/CrisisHelp/CrisisBar';
import { ERROR_SCREEN_HEADING } from '../ui/ErrorScreen/ErrorScreen';
import { reportError } from '../reporting/report-error';

jest.mock('../config/runtime-config', () => ({ loadRuntimeConfig: jest.fn() }));
jest.mock('../reporting/report-error', () => ({ reportError: jest.fn() }));
const { loadRuntimeConfig } = jest.requireMock<{ loadRuntimeConfig: jest.Mock }>('../config/runtime-config');

// The session room's standalone document as the build writes it: the picture of its first view (crisis bar,
// heading, the link being checked) beside the live page's empty containers.
function paintedPage() {
  document.head.innerHTML = '<link rel="stylesheet" href="/prerendered/a.css" data-hv-snapshot-style />';
  document.body.innerHTML =
    '<div id="hv-live"><div id="hv-chrome"></div><div id="hv-app"><div class="hv-boot"></div></div></div>' +
    `<div id="hv-snapshot"><div id="hvs-hv-app"><aside><p>${DISCLAIMER_TEXT}</p></aside><main><h1>Session room</h1><span class="hv-spinner" role="status"></span></main></div></div>`;
}

/** The room's first view: its heading while it checks the link. */
function Room() {
  return (
    <main>
      <h1>Session room</h1>
      <span className="hv-spinner" role="status" aria-label="Checking your session" />
    </main>
  );
}

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('mountStandalone on a page the build painted as HTML', () => {
  it('renders offstage and takes the picture over as soon as its first view is drawn, loading state and all', async () => {
    loadRuntimeConfig.mockResolvedValue({});
    paintedPage();
    await act(() => mountStandalone('mfe-session-room', Room));
    await flush();
    expect(document.getElementById('hv-snapshot')).toBeNull();
    expect(document.querySelector('link[data-hv-snapshot-style]')).toBeNull();
    const live = document.getElementById('hv-live')!;
    expect(live.querySelector('#hv-app h1')?.textContent).toBe('Session room');
    expect(live.querySelector('.hv-spinner')?.getAttribute('aria-label')).toBe('Checking your session');
    expect(live.textContent).toContain(DISCLAIMER_TEXT);
    // One copy of the page in the document.
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });

  it('when the config cannot load, shows the error screen in its place, crisis help kept', async () => {
    loadRuntimeConfig.mockRejectedValue(new Error('offline'));
    paintedPage();
    await act(() => mountStandalone('mfe-session-room', Room));
    await flush();
    expect(document.getElementById('hv-snapshot')).toBeNull();
    expect(document.querySelector('#hv-live h1')?.textContent).toBe(ERROR_SCREEN_HEADING);
    expect(document.getElementById('hv-live')!.textContent).toContain(DISCLAIMER_TEXT);
    expect(reportError).toHaveBeenCalledWith(expect.any(Error), { area: 'runtime-config', remote: 'mfe-session-room' });
  });
});
