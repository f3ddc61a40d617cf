// Page tests: the real shared core against an msw api (HTTP layer only), built on the auth flows' test
// kit (same server, request log, fixtures and clean page per test). The realtime database (firebase)
// cannot run in jsdom, so only its module is replaced (see realtimeMock).
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { CLICK_THROTTLE_MS, havenStore, ToastHost } from '@haven/shared';
import { installAuthTestKit } from '../../../../shared/src/core/auth/test/auth-test-kit';

export { API, apiUser, calls, credHeaders, json, seen, server, type Seen } from '../../../../shared/src/core/auth/test/auth-test-kit';

export const realtimeMock = {
  signInRealtime: jest.fn(async (token: string) => ({ uid: `uid-of-${token}` })),
  setStatus: jest.fn(async () => undefined),
  signOutRealtime: jest.fn(async () => undefined),
};

export function installPageTestKit(): void {
  // Typing with user-event is slow on a shared 2-core machine; a page flow may take a few seconds.
  jest.setTimeout(20_000);
  installAuthTestKit();
  beforeEach(() => {
    // Pages render after the on-load check: nobody is signed in unless a test says so.
    havenStore.getState().auth.update({ loading: false });
    realtimeMock.signInRealtime.mockClear();
    realtimeMock.setStatus.mockClear();
    realtimeMock.signOutRealtime.mockClear();
  });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `element` at route `path`, opened at `url`; the probe shows where navigation led. */
export function renderAt(url: string, path: string, element: ReactElement) {
  return render(
    <>
      <ToastHost />
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </>,
  );
}

/**
 * The shared Button drops a click within CLICK_THROTTLE_MS of its last one (product rules, Constants); a test that
 * clicks the same button again as a person would waits that window out first.
 */
export function afterClickThrottle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, CLICK_THROTTLE_MS + 20));
}
