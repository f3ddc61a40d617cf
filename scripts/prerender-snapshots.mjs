#!/usr/bin/env node
// Build step: paints every public route as HTML, so its first paint needs no JavaScript (docs/performance.md,
// "Paint before JavaScript"). Each route of shell/src/prerender/prerendered-routes.mjs (and every public provider
// profile) is loaded signed out in Debian's Chromium against this build and a fresh seeded api; once its page
// has settled, the markup of the chrome and the page is written into a copy of the shell's index.html under
// shell/dist/prerendered/, with the stylesheets it used as one same-origin file. The shell takes the live page
// over in place (shared/src/core/prerender/take-over-snapshot.ts). No user data: nobody is signed in, except for
// the signed-in home's skeleton (SESSION_SKELETONS), read while its data is held back, the avatar blanked.
// The session room's standalone page (what app webviews load) is painted the same way, in the same browser, as
// its own build's index.html (STANDALONE_PAGES): its first view, the link still being checked, no one named.
//
//   cd api && node --import tsx ../scripts/prerender-snapshots.mjs
//
// Without Chromium the step is skipped with a notice: the pages then paint from the boot frame, as before.
/* global document, window -- capturePage, the settle probes and the stored session run in the page, not in Node */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, API_PORT, localRuntimeConfig } from './lib/runtime-config.mjs';
import { serveStatic } from './lib/static-server.mjs';
import { launchChromium } from './lib/route-scripts.mjs';
import { DEFAULT_TIMEZONE } from '../rules/src/time/slot-label.ts';
import { isKnownPath } from '../shell/src/routing/route-ownership.mjs';
import {
  NOT_FOUND_DOCUMENT,
  PRERENDERED_ROUTES,
  PRERENDER_DIR,
  SESSION_SKELETONS,
  prerenderedFile,
  routeUrl,
} from '../shell/src/prerender/prerendered-routes.mjs';
import {
  SESSION_GATE_FILE,
  SNAPSHOT_ELEMENT_ID,
  SNAPSHOT_ID_PREFIX,
  START_AFTER_PAINT_FILE,
  sessionGateScript,
  snapshotDocument,
  startAfterPaintScript,
} from '../shared/build/prerender/snapshot-document.mjs';
import { CREDENTIALS_STORAGE_KEY } from '../rules/src/account/credentials-key.ts';
import { DEMO_PASSWORD } from '../api/src/seed/demo-accounts.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shellDist = join(root, 'shell/dist');
const SITE = localRuntimeConfig().siteBaseUrl;
/** A path no app owns: what it shows is the not-found page. */
const NOT_FOUND_PROBE = '/this-page-does-not-exist/';
const CONCURRENT_PAGES = 3;

/**
 * Standalone pages painted into their app's own index.html (served for every path of that origin), for every
 * visitor (no session gate). `shows`: what the frame read must show (the room's heading and the spinner of
 * its link check: its answer is held back, so the picture says nothing about any session). The link is a
 * made-up provider room link; the page takes it out of the address before anything renders.
 */
const STANDALONE_PAGES = [
  {
    app: 'mfe-session-room',
    url: `http://localhost:3005/session-room/prerender/${encodeURIComponent(Buffer.from('{"room_token":"prerender"}').toString('base64'))}/website`,
    shows: ['.hv-crisis-bar', '[data-app="mfe-session-room"] h1 ~ .hv-spinner'],
  },
];
/** Beside a painted standalone page: the app's own index.html as webpack wrote it, the next capture's template. */
const STANDALONE_TEMPLATE = `${PRERENDER_DIR}/template.html`;

/** The reference api on a fresh seeded database, on a free port. */
async function startReferenceApi() {
  const { startApi } = await import(join(root, 'api/src/server.ts'));
  return startApi({ port: 0, realtimePort: 0, stage: 'test', database: 'memory' });
}

/** Every app's build on a free port; the page still sees the usual local origins (routed below). */
async function serveBuilds() {
  const config = localRuntimeConfig({ stage: 'test' });
  const servers = [];
  const origins = new Map();
  for (const { app, port } of APPS) {
    const isKnownRoute = app === 'shell' ? isKnownPath : undefined;
    const server = await serveStatic({
      root: join(root, app, 'dist'),
      port: 0,
      runtimeConfig: () => config,
      isKnownRoute,
      prerendered: false,
    });
    servers.push(server);
    origins.set(`http://localhost:${port}`, `http://127.0.0.1:${server.address().port}`);
  }
  return { servers, origins };
}

/** What the signed-in home's frame must show to be read: its empty boxes under the signed-in header. */
const SKELETON_SHOWS = ['[data-hv-skeleton]', '.hv-account-nav [data-hv-personal]'];

/**
 * In the page: waits until the route's page is shown and settled (a heading, nothing loading), then returns
 * its markup with ids prefixed (the live page, laid out beneath, has the same ids), forms made inert
 * (nothing is sent before the app runs), and the head tags the page set. A frame that is not settled
 * (`shows`: the selectors it must show; a signed-in skeleton, a standalone page's first view) is taken the
 * moment it shows them: its hidden parts are dropped, and what names the person in it (`data-hv-personal`:
 * the header's avatar) is blanked, box kept.
 */
function capturePage({ prefix, shows }) {
  const skeleton = Boolean(shows);
  const settled = () => {
    const app = document.getElementById('hv-app');
    if (!app?.querySelector('h1') || app.querySelector('.hv-boot')) return false;
    if (shows) return shows.every((selector) => app.querySelector(selector));
    return !app.querySelector('.hv-spinner, [aria-busy="true"]');
  };
  if (!settled()) return null;
  const referencing = ['for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'list', 'form'];
  const copy = (source) => {
    const clone = source.cloneNode(true);
    // A list shows its chosen option by a property a copy does not carry: marked in the markup, or the
    // picture would show its first option (and the take-over would carry that into the live page).
    const liveLists = source.querySelectorAll('select');
    clone.querySelectorAll('select').forEach((list, i) => {
      const chosen = liveLists[i]?.selectedIndex ?? -1;
      [...list.options].forEach((option, j) => option.toggleAttribute('selected', j === chosen));
    });
    clone.querySelectorAll('script, iframe, template, [data-prerender="skip"]').forEach((el) => el.remove());
    // What a skeleton holds out of sight is the live page's business (sections loading behind it).
    if (skeleton) clone.querySelectorAll('[hidden]').forEach((el) => el.remove());
    for (const personal of clone.querySelectorAll('[data-hv-personal]')) {
      for (const avatar of personal.querySelectorAll('.hv-avatar')) {
        const blank = document.createElement('span');
        blank.className = `${avatar.className} hv-avatar--drawn hv-avatar--placeholder`;
        blank.setAttribute('aria-hidden', 'true');
        avatar.replaceWith(blank);
      }
    }
    const ids = new Set([clone, ...clone.querySelectorAll('[id]')].map((el) => el.id).filter(Boolean));
    for (const el of [clone, ...clone.querySelectorAll('*')]) {
      if (el.id) el.id = prefix + el.id;
      for (const name of referencing) {
        const value = el.getAttribute(name);
        if (value)
          el.setAttribute(
            name,
            value
              .split(/\s+/)
              .map((id) => (ids.has(id) ? prefix + id : id))
              .join(' '),
          );
      }
      const href = el.getAttribute('href');
      if (href?.startsWith('#') && ids.has(href.slice(1))) el.setAttribute('href', `#${prefix}${href.slice(1)}`);
    }
    // A form could be sent by the browser itself (Enter in a lone field) before the app runs: a div holds
    // the same boxes and sends nothing. Its buttons are replayed on the live page (take-over-snapshot.ts).
    for (const form of clone.querySelectorAll('form')) {
      const div = document.createElement('div');
      for (const { name, value } of form.attributes) if (!['action', 'method', 'novalidate'].includes(name)) div.setAttribute(name, value);
      div.setAttribute('data-hv-form', '');
      div.append(...form.childNodes);
      form.replaceWith(div);
    }
    return clone.outerHTML;
  };
  const head = [
    ...document.head.querySelectorAll('meta[name="description"], meta[name="robots"], meta[property^="og:"], link[rel="canonical"]'),
  ];
  return {
    title: document.title,
    head: head.map((el) => el.outerHTML),
    body: copy(document.getElementById('hv-chrome')) + copy(document.getElementById('hv-app')),
    stylesheets: [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.href),
  };
}

async function capture(context, url, origins, { shows = null, credentials = null } = {}) {
  const skeleton = Boolean(shows);
  const page = await context.newPage();
  if (credentials) {
    // A stored session, as a returning visitor has: the page restores it (validate_token) and renders signed in.
    await page.addInitScript(
      ([key, value]) => {
        if (window.location.origin === 'http://localhost:3000') window.localStorage.setItem(key, value);
      },
      [CREDENTIALS_STORAGE_KEY, JSON.stringify(credentials)],
    );
  }
  const problems = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('requestfailed', (request) => problems.push(`${request.url()}: ${request.failure()?.errorText}`));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  try {
    await page.goto(new URL(url, SITE).href, { waitUntil: skeleton ? 'commit' : 'load' });
    if (!skeleton) await page.waitForLoadState('networkidle');
    // A skeleton is read in the frame that shows it: the page's data is held back meanwhile (see skeletonContext).
    const handle = await page
      .waitForFunction(capturePage, { prefix: SNAPSHOT_ID_PREFIX, shows }, { timeout: 30_000, polling: skeleton ? 'raf' : 100 })
      .catch(async (error) => {
        const shown = await page.evaluate(() => document.getElementById('hv-app')?.outerHTML.slice(0, 600));
        throw new Error(`${url} did not settle (a heading, nothing loading): ${error}\nIt shows: ${shown}\n${problems.join('\n')}`);
      });
    const captured = await handle.jsonValue();
    const css = [];
    for (const href of captured.stylesheets) {
      const { origin, pathname } = new URL(href);
      const response = await fetch(`${origins.get(origin) ?? origin}${pathname}`);
      if (!response.ok) throw new Error(`${url}: stylesheet ${href} answered ${response.status}`);
      css.push(await response.text());
    }
    return { ...captured, css: css.join('\n') };
  } finally {
    await page.close();
  }
}

/**
 * A standalone app's index.html as its webpack build wrote it, served while its page is captured: kept beside
 * the picture that replaces it, so the step can run again on the same build.
 */
async function standaloneTemplate(dist) {
  const entry = join(dist, 'index.html');
  const kept = join(dist, STANDALONE_TEMPLATE);
  const current = await readFile(entry, 'utf8');
  if (!current.includes(`id="${SNAPSHOT_ELEMENT_ID}"`)) {
    await mkdir(dirname(kept), { recursive: true });
    await writeFile(kept, current);
    return current;
  }
  const template = await readFile(kept, 'utf8');
  await writeFile(entry, template);
  return template;
}

async function main() {
  const template = await readFile(join(shellDist, 'index.html'), 'utf8');
  if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    console.warn('[prerender] no Chromium at /usr/bin/chromium: public routes paint from the boot frame (apt-get install chromium)');
    return;
  }
  const api = await startReferenceApi();
  const { servers, origins } = await serveBuilds();
  origins.set(`http://localhost:${API_PORT}`, new URL(api.url).origin);
  const browser = await launchChromium(root);
  const out = join(shellDist, PRERENDER_DIR);
  await rm(out, { recursive: true, force: true });
  try {
    // Times on a painted page are in the product's home zone; the live page then shows the visitor's own.
    // The page sees the usual local origins; anything else (identity scripts, analytics) is not part of a page.
    // Fulfilled, not redirected: the answer keeps its address, so the page's CSP sees its own origins.
    const pageContext = async ({ holdData }) => {
      const context = await browser.newContext({
        serviceWorkers: 'block',
        viewport: { width: 1280, height: 900 },
        timezoneId: DEFAULT_TIMEZONE,
      });
      await context.route('**/*', async (route) => {
        const url = new URL(route.request().url());
        const target = origins.get(url.origin);
        if (!target) return route.abort();
        if (holdData && url.port === String(API_PORT) && !url.pathname.endsWith('/auth/validate_token'))
          await new Promise((resolve) => setTimeout(resolve, 3000));
        try {
          // A loaded machine's local servers sometimes reset a connection (ECONNRESET): the only error retried.
          const response = await route.fetch({ url: `${target}${url.pathname}${url.search}`, maxRetries: 2 });
          return await route.fulfill({ response });
        } catch (error) {
          // A held answer whose page was read and closed meanwhile has nobody to go to; anything else is a fault.
          if (!holdData || !/closed|disposed/i.test(String(error))) throw error;
        }
      });
      return context;
    };
    const context = await pageContext({ holdData: false });
    // Signed-in skeletons: the page's data answers are held back, so the page is read while it shows its empty
    // boxes (the session check answers at once).
    const skeletonContext = await pageContext({ holdData: true });
    /** A demo account's api credentials (a device of its own), as the page stores them. */
    const signInAs = async (email) => {
      const response = await fetch(`${api.url}/api/v1/auth/sign_in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      if (!response.ok) throw new Error(`signing in as ${email} for a skeleton answered ${response.status}`);
      const header = (name) => response.headers.get(name) ?? '';
      return { 'access-token': header('access-token'), client: header('client'), uid: header('uid'), expiry: header('expiry') };
    };
    const { data: providers } = await (await fetch(`${api.url}/api/v1/public/providers`)).json();
    const routes = [
      ...PRERENDERED_ROUTES.map((route) => ({ url: routeUrl(route), file: prerenderedFile(route.path, new URLSearchParams(route.query)) })),
      ...providers.map(({ uuid }) => ({ url: `/provider/${encodeURIComponent(uuid)}/`, file: prerenderedFile(`/provider/${uuid}/`) })),
      { url: NOT_FOUND_PROBE, file: `${PRERENDER_DIR}/${NOT_FOUND_DOCUMENT}` },
      ...SESSION_SKELETONS.map(({ path, account }) => ({ url: path, file: prerenderedFile(path), account, shows: SKELETON_SHOWS })),
    ];
    const standalone = [];
    for (const { app, url, shows } of STANDALONE_PAGES) {
      const dist = join(root, app, 'dist');
      standalone.push({ url, file: 'index.html', shows, dist, template: await standaloneTemplate(dist) });
      await writeFile(join(dist, START_AFTER_PAINT_FILE), startAfterPaintScript());
    }
    routes.push(...standalone);
    const sheets = new Set();
    await mkdir(out, { recursive: true });
    await writeFile(join(shellDist, SESSION_GATE_FILE), sessionGateScript(CREDENTIALS_STORAGE_KEY));
    await writeFile(join(shellDist, START_AFTER_PAINT_FILE), startAfterPaintScript());
    const paint = async ({ url, file, account, shows, dist = shellDist, template: appTemplate }) => {
      const page = shows
        ? await capture(skeletonContext, url, origins, { shows, credentials: account ? await signInAs(account) : null })
        : await capture(context, url, origins);
      const cssName = `${PRERENDER_DIR}/${createHash('sha256').update(page.css).digest('hex').slice(0, 12)}.css`;
      if (!sheets.has(join(dist, cssName))) await writeFile(join(dist, cssName), page.css);
      sheets.add(join(dist, cssName));
      // A standalone page is shown to every visitor: its origin holds no session of the site's to gate on.
      // Its picture is of a made-up link, so no tag naming that address (canonical, og:url) is kept, even when
      // the page had set it by the time it was taken.
      const standaloneHead = page.head.filter((tag) => !/rel="canonical"|property="og:url"/.test(tag));
      const html = appTemplate
        ? snapshotDocument(appTemplate, { ...page, head: standaloneHead, stylesheet: `/${cssName}`, sessionGate: false })
        : snapshotDocument(template, { ...page, stylesheet: `/${cssName}`, forSession: Boolean(account) });
      await mkdir(dirname(join(dist, file)), { recursive: true });
      await writeFile(join(dist, file), html);
    };
    // A few pages at a time: most of a capture is waiting for the network to go quiet.
    const queue = [...routes];
    await Promise.all(
      Array.from({ length: CONCURRENT_PAGES }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await paint(next);
      }),
    );
    await skeletonContext.close();
    console.log(
      `[prerender] ${routes.length} pages painted as HTML (${sheets.size} stylesheets) in ${out} and ${standalone.map(({ dist }) => join(dist, 'index.html')).join(', ')}`,
    );
  } finally {
    await browser.close();
    for (const server of servers) server.close();
    await api.close();
  }
}

main().catch((error) => {
  console.error('[prerender] failed:', error);
  process.exit(1);
});
