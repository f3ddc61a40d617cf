import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, request, type Browser, type BrowserContextOptions } from '@playwright/test';
import { apiSignIn, loggedInUser, logInWithPassword } from './auth';

// One sign-in through the form per demo user and run, shared through Playwright stored state
// (localStorage carries the credentials and the persisted store): the suite's "signed-in" setup project
// (e2e/signed-in.setup.ts) signs each demo user in once and writes the state where every worker reads it,
// so suites that only need "signed in as X" skip the form. Each use gets credentials of its own (a device
// signed in through the api): the access-token rotates on use, so a token two contexts shared was void
// for the second as soon as the first made a request after the 5 s batch window (validate_token 401, the
// page signed out). The file's own token is never used, so a file from an earlier run (a fresh in-memory
// api) still serves; without one (a spec run with --no-deps) the worker signs in through the form itself.

/** The demo user types a web page serves (api/src/seed/demo-accounts.ts); clinicians cannot sign in on the web. */
export const DEMO_USERS = {
  patient: 'patient@haven.test',
  b2bEmployee: 'employee@globex.test',
  corporatePartner: 'cf@initech.test',
} as const;
export type DemoUser = keyof typeof DEMO_USERS;
type StoredState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

const states = new Map<DemoUser, Promise<StoredState>>();

/** Where the setup project leaves each demo user's stored state (ignored by git, emptied by each gate run). */
export const storedStateFile = (user: DemoUser) => path.resolve(__dirname, '../../.test-results/signed-in', `${user}.json`);

/** Signs `user` in through the log-in form and answers the page's stored state. */
export async function signInThroughForm(browser: Browser, user: DemoUser): Promise<StoredState> {
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

/** Writes the stored state the setup project made for `user`. */
export function saveStoredState(user: DemoUser, state: StoredState): void {
  mkdirSync(path.dirname(storedStateFile(user)), { recursive: true });
  writeFileSync(storedStateFile(user), JSON.stringify(state));
}

async function storedOrSignIn(browser: Browser, user: DemoUser): Promise<StoredState> {
  try {
    return JSON.parse(readFileSync(storedStateFile(user), 'utf8')) as StoredState;
  } catch {
    return signInThroughForm(browser, user);
  }
}

/** `state` with the credentials under `@Token:` replaced by a new device's. */
async function withOwnDevice(state: StoredState, email: string): Promise<StoredState> {
  const api = await request.newContext();
  const device = await apiSignIn(api, email).finally(() => api.dispose());
  const own = { 'access-token': device.token, client: device.client, uid: device.uid, expiry: device.expiry };
  return {
    ...state,
    origins: state.origins.map((origin) => ({
      ...origin,
      localStorage: origin.localStorage.map((entry) =>
        entry.name === '@Token:' ? { name: entry.name, value: JSON.stringify({ ...(JSON.parse(entry.value) as object), ...own }) } : entry,
      ),
    })),
  };
}

/** Stored state signed in as `user` (the setup project's, else signed in through the form once in this worker), as a device of its own. */
export async function signedInState(browser: Browser, user: DemoUser): Promise<StoredState> {
  let state = states.get(user);
  if (!state) {
    state = storedOrSignIn(browser, user);
    states.set(user, state);
  }
  return withOwnDevice(await state, DEMO_USERS[user]);
}
