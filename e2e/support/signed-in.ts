import { expect, type Browser, type BrowserContextOptions } from '@playwright/test';
import { loggedInUser, logInWithPassword } from './auth';

// One sign-in per demo user and worker, shared through Playwright stored state (localStorage carries
// the credentials and the persisted store): suites that only need "signed in as X" skip the form.
// Kept in memory, not in a file: every run starts a fresh in-memory api, so old tokens are worthless.

/** The demo user types a web page serves (api/src/seed/demo-accounts.ts); clinicians cannot sign in on the web. */
export const DEMO_USERS = {
  patient: 'patient@haven.test',
  b2bEmployee: 'employee@globex.test',
  corporatePartner: 'cf@initech.test',
} as const;
export type DemoUser = keyof typeof DEMO_USERS;
type StoredState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

const states = new Map<DemoUser, Promise<StoredState>>();

async function signIn(browser: Browser, user: DemoUser): Promise<StoredState> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInWithPassword(page, DEMO_USERS[user], '/auth/log-in/?redirectPath=%2Fdashboard');
  await expect(page).not.toHaveURL(/\/auth\/log-in/);
  await page.goto('/t-p');
  await expect.poll(() => loggedInUser(page)).toMatchObject({ email: DEMO_USERS[user] });
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Stored state signed in as `user` (signs in on first use in this worker). */
export function signedInState(browser: Browser, user: DemoUser): Promise<StoredState> {
  let state = states.get(user);
  if (!state) {
    state = signIn(browser, user);
    states.set(user, state);
  }
  return state;
}
