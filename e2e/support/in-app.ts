import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { pageSettled } from './settled';

// Moving a page to a route as a link in the app would (history and a popstate, no reload): a walk over many
// routes pays one cold load, not one a route.

// The route table is ESM the static servers also load; imported at run time (as federation.spec does with
// the static server), never transpiled into this worker's require cache, where a later native import of
// the same file (the release server in release.spec) would find CommonJS and fail.
type RouteOwnership = { remoteForPath: (pathname: string) => string | null };
let routeOwnership: Promise<RouteOwnership> | null = null;

/** The app that owns `pathname` (null: the shell's own pages). */
export async function remoteForPath(pathname: string): Promise<string | null> {
  routeOwnership ??= import(path.resolve(__dirname, '../../shell/src/routing/route-ownership.mjs')) as Promise<RouteOwnership>;
  return (await routeOwnership).remoteForPath(pathname);
}

/** Routes in the page as a link would (no reload: faster), then waits for the app that owns where it ended. */
export async function goInApp(page: Page, route: string): Promise<void> {
  if ((await remoteForPath(route)) === 'mfe-session-room') {
    // The shell enters the session room with a full load (its camera permission is per document).
    await page.goto(route);
    await pageSettled(page);
    return;
  }
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await expect
    .poll(async () => page.locator(`#hv-app [data-app="${(await remoteForPath(new URL(page.url()).pathname)) ?? 'shell'}"] h1`).isVisible())
    .toBe(true);
  await pageSettled(page);
}
