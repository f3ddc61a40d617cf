import { createRoot } from 'react-dom/client';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { addErrorHandler, registerApplication, start } from 'single-spa';
import {
  ErrorScreen,
  afterPagePainted,
  applyLaunchParams,
  captureReferralCode,
  captureHandoffToken,
  captureRoomEntry,
  eventBus,
  finishBoot,
  havenStore,
  liveElementById,
  loadRuntimeConfig,
  navigateInApp,
  offerGoogleOneTap,
  readLaunchParams,
  readOnce,
  reportError,
  reportUncaughtErrorsUntilSinkStarts,
  provideSignInEntry,
  scrollToSection,
  startAuth,
  startGrowth,
  startTflFlow,
  takeLiveOffstage,
  takeOverSnapshot,
  whenAppLoaded,
} from '@haven/shared';
import type { RuntimeConfig } from '@haven/shared';
import { Chrome } from './chrome/Chrome';
import { markAppBroken } from './chrome/broken-apps';
import { wireRouteProgress } from './chrome/route-progress';
import { containerName, loadRemoteApp } from './federation/load-remote-app';
import { errorScreenApp } from './federation/error-screen-app';
import { remoteEntryUrl } from './federation/remote-entry';
import { notFoundApp } from './not-found/not-found-app';
import { registerServiceWorker } from './pwa/register-service-worker';
import { ROUTE_TABLE, isRouteOwnedBy, isShortLinkPath, remoteForPath } from './routing/route-table';

// The core's own sign-ins (a code login, a partner hand-off, one-tap) load the sign-in entry through this:
// the core never imports an entry.
provideSignInEntry(() => import('@haven/shared/auth-flows'));

// While a prerendered page's snapshot stands in, the live containers are offstage (the core's take-over-snapshot.ts).
const appHost = () => liveElementById('hv-app') ?? document.body;

/** Each app mounts into its own container inside #hv-app, below the chrome. */
function containerFor(appName: string): HTMLElement {
  const id = `hv-app-${appName}`;
  let element = liveElementById(id);
  if (!element) {
    element = document.createElement('div');
    element.id = id;
    appHost().appendChild(element);
  }
  return element;
}

/** The template's boot frame lies over the page (position: fixed): removing it moves nothing. */
function removeBootIndicator(): void {
  appHost().querySelector('.hv-boot')?.remove();
}

function registerApps(config: RuntimeConfig): void {
  registerRemotes(
    Object.entries(config.remotes).map(([remote, entry]) => ({ name: remote.replace(/-/g, '_'), entry: remoteEntryUrl(entry) })),
  );
  for (const { remote } of ROUTE_TABLE) {
    const configured = Boolean(config.remotes[remote]);
    registerApplication({
      name: remote,
      app: () => (configured ? loadRemoteApp(remote) : Promise.resolve(errorScreenApp(remote))),
      activeWhen: (location) => isRouteOwnedBy(remote, location.pathname),
      customProps: (name) => ({ domElement: containerFor(name), containerName: containerName(remote) }),
    });
  }
  registerApplication({
    name: 'shell-not-found',
    app: () => Promise.resolve(notFoundApp),
    activeWhen: (location) => remoteForPath(location.pathname) === null,
    customProps: (name) => ({ domElement: containerFor(name) }),
  });
  addErrorHandler((error) => {
    reportError(error, { area: 'single-spa', app: error.appOrParcelName });
    markAppBroken(error.appOrParcelName);
  });
}

/**
 * Camera and microphone are allowed only on documents loaded at the session room (Permissions-Policy
 * from the static server), and a policy stays with its document: enter the room with a full page load.
 */
function enterSessionRoomWithFullLoad(): void {
  if (isRouteOwnedBy('mfe-session-room', window.location.pathname)) return;
  window.addEventListener('single-spa:before-routing-event', (event) => {
    const { newUrl, cancelNavigation } = (event as CustomEvent<{ newUrl: string; cancelNavigation?: () => void }>).detail;
    if (!cancelNavigation || !isRouteOwnedBy('mfe-session-room', new URL(newUrl).pathname)) return;
    cancelNavigation();
    window.location.assign(newUrl);
  });
}

/** Each in-app route change (single-spa announces every one: links, history, back and forward). */
function onRoutingEvent(listener: (to: { pathname: string; search: string }) => void): () => void {
  const heard = () => listener({ pathname: window.location.pathname, search: window.location.search });
  window.addEventListener('single-spa:routing-event', heard);
  return () => window.removeEventListener('single-spa:routing-event', heard);
}

async function main(): Promise<void> {
  // The error service loads later: what fails before it is held for it (reportError's early buffer).
  reportUncaughtErrorsUntilSinkStarts();
  // A hand-off token and a room link's payload leave the address bar and history before anything
  // renders or reports the URL.
  captureHandoffToken();
  captureRoomEntry();
  // A public route painted as HTML by the build stays on screen until its live page, rendered offstage, is ready.
  const prerendered = takeLiveOffstage();
  if (prerendered) takeOverSnapshot(prerendered);
  const launch = applyLaunchParams(readLaunchParams(window.location.search));
  if (launch.hideBackBtn !== null) havenStore.getState().appConfig.update({ hideBackBtn: launch.hideBackBtn });
  // Before one-tap is considered: it is never offered in the therapy-for-life flow.
  startTflFlow(window.location.search);
  // The chrome (crisis bar, offline banner, toasts) reads no runtime config: painted before the config
  // arrives, the crisis bar's disclaimer (the first page's largest text, its LCP) no longer waits for it.
  createRoot(liveElementById('hv-chrome') ?? document.body).render(<Chrome probeUrl="/config.json" />);
  let config: RuntimeConfig;
  try {
    config = await loadRuntimeConfig('/config.json');
  } catch (error) {
    reportError(error, { area: 'runtime-config' });
    removeBootIndicator();
    createRoot(appHost()).render(<ErrorScreen />);
    return;
  }
  if (config.stage !== 'production') {
    // Lets the browser suite check that shell and remotes share one store and one bus, and read the
    // realtime database as the signed-in user (a second client of the growth suite).
    (window as unknown as { __haven?: unknown }).__haven = { havenStore, eventBus, readOnce };
  }

  // A short link becomes its in-product address before any app reads the route; a referral link's code
  // is kept for the sign-up.
  if (isShortLinkPath(window.location.pathname)) await (await import('./short-links/short-link')).followShortLink();
  captureReferralCode(window.location.search);
  wireRouteProgress();
  enterSessionRoomWithFullLoad();
  registerApps(config);
  window.addEventListener('single-spa:first-mount', removeBootIndicator, { once: true });
  // Attribution, analytics, location, flags and error reporting: lazy, in the first idle period after a
  // page has painted (never part of a route's first paint).
  void startGrowth();
  // The installable web app's offline page and precache: after paint, in an idle moment.
  void registerServiceWorker();
  if (launch.sectionid) {
    window.addEventListener('single-spa:first-mount', () => scrollToSection(launch.sectionid as string), {
      once: true,
    });
  }
  start({ urlRerouteOnly: true });

  // Sign-in state for every route, not only /auth: restore or validate the session, run code logins,
  // follow logouts from other tabs. With it (and the stored state) settled the boot is over: appLoaded.
  const auth = startAuth({ navigate: navigateInApp });
  auth.catch((error: unknown) => reportError(error, { area: 'auth-start' }));
  void finishBoot([auth]);
  // Then Google one-tap where the product rules (Routes and redirects) allow it, once the page has
  // painted: its sign-in code is not part of any route's first paint.
  whenAppLoaded()
    .then(() => afterPagePainted())
    .then(() => offerGoogleOneTap({ pathname: window.location.pathname, search: window.location.search, onRouteChange: onRoutingEvent }))
    .catch((error: unknown) => reportError(error, { area: 'one-tap' }));
}

void main();
