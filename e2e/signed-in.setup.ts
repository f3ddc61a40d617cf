import { test } from '@playwright/test';
import { DEMO_USERS, saveStoredState, signInThroughForm, type DemoUser } from './support/signed-in';

// Each demo user signed in through the log-in form once a run; the suites that only need "signed in as X"
// start from this stored state (e2e/support/signed-in.ts) instead of each worker filling the form again.
test.describe.configure({ mode: 'parallel' });

for (const user of Object.keys(DEMO_USERS) as DemoUser[]) {
  test(`${user} signs in through the form; the stored state is kept for the suite`, async ({ browser }) => {
    saveStoredState(user, await signInThroughForm(browser, user));
  });
}
