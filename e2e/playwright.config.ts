import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's chromium (TOOLCHAIN.md): Playwright cannot download its own browser here. The suite drives Debian's
// chromium-headless-shell, the same Chromium build without the full browser's windows and display compositor,
// as Playwright itself does by default for headless runs: on this machine the whole suite took 499 s with it,
// against 786-850 s with /usr/bin/chromium in the last fresh gate runs (three specs: 77 s against 131). The
// benchmarks and the prerender keep the full browser a person runs.
// CHROMIUM_PATH chooses another; without the shell installed, the full browser.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const TEST_BROWSER = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // 30 s a test: a hang fails in seconds, named. A flow that is long by nature (a whole booking, a release
  // promoted and rolled back) says so with test.slow() (three times as long); none raises the limit.
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // A ceiling for the whole suite (below the gate's stage limit, so the suite reports what did not run),
  // and a broken build stops after a few failures instead of walking every test to its timeout. The two
  // workers are busy 95% of the run (the api serving them used a tenth of a core): the suite's time is its
  // tests' time, so a check that a component or api test can see belongs there, not here.
  globalTimeout: ci ? 18 * 60_000 : undefined,
  maxFailures: ci ? 10 : undefined,
  fullyParallel: false,
  workers: 2,
  retries: ci ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '../.test-results/playwright.json' }]],
  outputDir: '../test-results',
  // Two phases. First the checks that count what a cold load of each route runs and downloads, while only
  // the sign-ins run beside them (what counts as a route's first paint is what arrives before its heading
  // shows: beside a call or the axe walk the heading came later and the count took in more), and each demo
  // user signed in through the form once a run, its stored state kept for the suites that only need to be
  // signed in (e2e/support/signed-in.ts). Then everything else. The calls (a browser of their own with a fake
  // camera and microphone, FAKE_MEDIA_LAUNCH) are handed out last, as Playwright does with a group of files
  // that needs another browser: handed out first they ran beside the rest at twice their time alone (the
  // suite took 795 s instead of 765 in one fresh run of each, though both workers then ended together).
  projects: [
    { name: 'budgets', testMatch: 'bundle-budgets.check.ts' },
    { name: 'startup-work', testMatch: 'startup-work.check.ts' },
    { name: 'signed-in', testMatch: 'signed-in.setup.ts' },
    { name: 'chromium', testMatch: '**/*.spec.ts', dependencies: ['signed-in'] },
  ],
  use: {
    baseURL: 'http://localhost:3000',
    launchOptions: { executablePath: TEST_BROWSER, args: CHROMIUM_ARGS },
    // A trace costs time on every test; one is recorded when a failed test runs again.
    trace: 'on-first-retry',
    // The shell's service worker would answer some requests before page.route sees them; only the specs
    // about the installable web app allow it (e2e/entry.spec.ts).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  // The platform as the README starts it, with a fresh in-memory database (stage "test"), and a local TURN
  // relay (coturn, when installed) for the relay-only call (e2e/call-relay.spec.ts).
  webServer: {
    command: 'node scripts/platform.mjs serve --memory --stage test --turn',
    cwd: '..',
    url: 'http://127.0.0.1:3000/config.json',
    reuseExistingServer: !ci,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
