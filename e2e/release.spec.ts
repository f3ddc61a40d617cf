import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { cpSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { changedLines, fingerprint, fixtureBuilds, REMOTES, withReleaseWorld, type ReleaseWorld } from './support/release';

// One remote released, promoted and rolled back alone on the one-origin production-like server
// (scripts/lib/releases.mjs), and version skew between a remote and the shell's shared core. Each test
// has its own releases folder and server; the remotes' first releases are the suite's production build.

const ERROR_HEADING = 'Oops, looks like something went wrong!';
const V1_HEADING = 'Care for your mind, when you need it';
const ROOT = path.resolve(__dirname, '..');

test.describe.configure({ mode: 'serial' });

let fixtures: ReturnType<typeof fixtureBuilds>;
test.beforeAll(() => {
  // `npm test` builds the fixtures in its build stage (scripts/build-release-fixtures.mjs); a run of this
  // file alone builds them here first, which takes a few minutes on two cores.
  test.setTimeout(180_000);
  fixtures = fixtureBuilds();
});
// Long by nature: each test releases, promotes and rolls back on a server of its own.
test.beforeEach(() => test.slow());

/** Reports of the shell (reportError logs them off production) and uncaught page errors. */
function watchPage(page: Page) {
  const reports: string[] = [];
  const crashes: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('[haven]')) reports.push(message.text());
  });
  page.on('pageerror', (error) => crashes.push(error.message));
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
  });
  return { reports, crashes, requests, scripts };
}

const bookingHeading = (page: Page) => page.locator('#hv-app [data-app="mfe-booking"] h1');

async function expectAuthStillWorks(page: Page, world: ReleaseWorld) {
  await page.goto(`${world.origin}/auth/log-in/`);
  await expect(page.locator('#hv-app [data-app="mfe-auth"]')).toBeVisible();
  await expect(page.locator('[data-remote-unavailable]')).toHaveCount(0);
}

test('release one remote: v1 -> promote v2 -> next load shows v2, nothing else rebuilt -> rollback -> v1', async ({ page, request }) => {
  await withReleaseWorld(async (world) => {
    const seen = watchPage(page);
    const v1 = world.initial['mfe-booking'];
    const v2 = world.release('mfe-booking', fixtures.v2);
    expect(v2).not.toBe(v1);
    const untouched = [
      path.join(ROOT, 'shell/dist'),
      ...REMOTES.filter((remote) => remote !== 'mfe-booking').map((remote) => path.join(world.dir, remote, world.initial[remote])),
    ];
    const before = fingerprint(untouched);

    await page.goto(`${world.origin}/`);
    await expect(bookingHeading(page)).toHaveText(V1_HEADING);
    expect(seen.requests).toContain(`/remotes/mfe-booking/${v1}/remoteEntry.js`);

    const configBefore = world.configText();
    world.promote('mfe-booking', v2);
    // A promotion is a one-line change of the runtime config.
    expect(changedLines(configBefore, world.configText())).toEqual([`    "mfe-booking": "/remotes/mfe-booking/${v2}/remoteEntry.js",`]);

    await page.reload();
    await expect(bookingHeading(page)).toHaveText('Booking v2, a fixture release');
    expect(seen.requests).toContain(`/remotes/mfe-booking/${v2}/remoteEntry.js`);
    await expectAuthStillWorks(page, world);
    expect(seen.requests).toContain(`/remotes/mfe-auth/${world.initial['mfe-auth']}/remoteEntry.js`);

    world.rollback('mfe-booking');
    await page.goto(`${world.origin}/`);
    await expect(bookingHeading(page)).toHaveText(V1_HEADING);
    expect(fingerprint(untouched)).toEqual(before);
    expect(seen.crashes).toEqual([]);

    // Cache headers a CDN needs, and the security headers on the one origin.
    const entry = await request.get(`${world.origin}/remotes/mfe-booking/${v1}/remoteEntry.js`);
    expect(entry.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await request.get(`${world.origin}/remotes/mfe-booking/${v1}/mf-manifest.json`);
    expect(manifest.headers()['cache-control']).toBe('no-cache');
    expect((await request.get(`${world.origin}/config.json`)).headers()['cache-control']).toBe('no-cache');
    expect((await request.get(`${world.origin}/remotes/mfe-booking/promotions.json`)).status()).toBe(404);
    const documentHeaders = (await request.get(`${world.origin}/`)).headers();
    expect(documentHeaders['content-security-policy']).toContain(`script-src 'self' ${world.origin};`);
    expect(documentHeaders['x-content-type-options']).toBe('nosniff');
  });
});

test("a release folder is self-consistent: no standalone page pointing at the root's /main.js, and its entry loads from its own folder", async ({
  request,
}) => {
  await withReleaseWorld(async (world) => {
    for (const remote of REMOTES) {
      const dir = path.join(world.dir, remote, world.initial[remote]);
      const files = readdirSync(dir, { recursive: true }).map(String);
      expect(files, remote).toContain('remoteEntry.js');
      expect(
        files.filter((file) => file.endsWith('.html')),
        remote,
      ).toEqual([]);
    }
    const base = `${world.origin}/remotes/mfe-booking/${world.initial['mfe-booking']}`;
    expect((await request.get(`${base}/index.html`)).status()).toBe(404);
    expect((await request.get(`${base}/remoteEntry.js`)).status()).toBe(200);
  });
});

test("the room's release is the same whether or not the build painted its standalone page, and ships nothing of the picture", async () => {
  await withReleaseWorld(async (world) => {
    // The suite's build painted the room's standalone page (the platform build's snapshot step): its
    // picture's stylesheet and start script under prerendered/, webpack's own page kept beside them.
    const painted = path.join(ROOT, 'mfe-session-room/dist');
    expect(readdirSync(path.join(painted, 'prerendered'))).toContain('template.html');
    const unpainted = path.join(mkdtempSync(path.join(tmpdir(), 'haven-room-unpainted-')), 'dist');
    try {
      cpSync(painted, unpainted, { recursive: true });
      renameSync(path.join(unpainted, 'prerendered/template.html'), path.join(unpainted, 'index.html'));
      rmSync(path.join(unpainted, 'prerendered'), { recursive: true });
      expect(world.release('mfe-session-room', unpainted)).toBe(world.initial['mfe-session-room']);
    } finally {
      rmSync(path.dirname(unpainted), { recursive: true, force: true });
    }
    for (const remote of REMOTES) {
      const files = readdirSync(path.join(world.dir, remote, world.initial[remote])).map(String);
      expect(files, remote).not.toContain('prerendered');
    }
  });
});

test('a release whose files are missing, or that throws, shows the error screen on its routes only', async ({ page }) => {
  await withReleaseWorld(async (world) => {
    const seen = watchPage(page);
    world.promote('mfe-booking', world.release('mfe-booking', fixtures.throws));
    await page.goto(`${world.origin}/`);
    await expect(page.getByRole('heading', { name: ERROR_HEADING })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('[data-remote-unavailable="mfe-booking"]')).toBeVisible();
    // Reported with the module's own error and the remote's name.
    await expect.poll(() => seen.reports.join('\n')).toContain('fixture release: this build throws while it loads');
    expect(seen.reports.join('\n')).toContain('remote: mfe-booking');
    await expectAuthStillWorks(page, world);

    // The files of the live release disappear (a CDN purge gone wrong): the same, on booking's routes only.
    world.rollback('mfe-booking');
    rmSync(path.join(world.dir, 'mfe-booking', world.initial['mfe-booking']), { recursive: true });
    await page.goto(`${world.origin}/providers`);
    await expect(page.locator('[data-remote-unavailable="mfe-booking"]')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: ERROR_HEADING })).toBeVisible();
    await expectAuthStillWorks(page, world);
    expect(seen.crashes).toEqual([]);
  });
});

test("version skew: a remote built on a newer core minor runs on the shell's core; a new major is refused", async ({ page }) => {
  await withReleaseWorld(async (world) => {
    const seen = watchPage(page);
    world.promote('mfe-booking', world.release('mfe-booking', fixtures['core-minor']));
    await page.goto(`${world.origin}/`);
    await expect(bookingHeading(page)).toHaveText(/^Booking built against core \d+\.\d+\.0$/);
    // It got the shell's instance of the core, not its own copy; react-dom came once ("__reactContainer$"
    // is only in react-dom's client code).
    await expect(page.locator('#hv-app [data-app="mfe-booking"]')).toHaveAttribute('data-core', 'shell');
    expect(seen.scripts.filter((body) => body.includes('__reactContainer$'))).toHaveLength(1);

    world.promote('mfe-booking', world.release('mfe-booking', fixtures['core-major']));
    seen.scripts.length = 0;
    await page.reload();
    await expect(page.getByRole('heading', { name: ERROR_HEADING })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('[data-remote-unavailable="mfe-booking"]')).toBeVisible();
    // Refused by the federation runtime (strictVersion), reported with the remote's name.
    await expect.poll(() => seen.reports.join('\n')).toMatch(/@haven\/shared does not satisfy the requirement/);
    expect(seen.reports.join('\n')).toContain('remote: mfe-booking');
    expect(seen.scripts.filter((body) => body.includes('__reactContainer$'))).toHaveLength(1);
    await expectAuthStillWorks(page, world);
    expect(seen.crashes).toEqual([]);
  });
});
