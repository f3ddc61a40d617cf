import { defineConfig } from '@playwright/test';

// Debian's chromium (TOOLCHAIN.md): Playwright cannot download its own browser here.
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
  // 60 s: on a loaded 2-core runner the longer flows (a whole booking, a release promoted and rolled back,
  // a walk over eight pages) went past 30 s beside the other worker; a hang still fails within a minute.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: ci ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '../.test-results/playwright.json' }]],
  outputDir: '../test-results',
  use: {
    baseURL: 'http://localhost:3000',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    // The shell's service worker would answer some requests before page.route sees them; only the specs
    // about the installable web app allow it (e2e/entry.spec.ts).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  // The platform as the README starts it, with a fresh in-memory database (stage "test").
  webServer: {
    command: 'node scripts/platform.mjs serve --memory --stage test',
    cwd: '..',
    url: 'http://127.0.0.1:3000/config.json',
    reuseExistingServer: !ci,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
