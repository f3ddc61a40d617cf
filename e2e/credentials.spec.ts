import { expect, test } from '@playwright/test';
import { loggedInUser } from './support/auth';
import { storedCredentials } from './support/signin';
import { signedInState } from './support/signed-in';

// Shared stored sign-ins (e2e/support/signed-in.ts): the access-token rotates on use, so two contexts
// holding one token signed each other out (the second's validate_token answered 401 once the first had
// made a request after the api's 5 s batch window). Each use is now a device of its own.

test('two uses of the stored patient sign-in are two devices, and both stay signed in', async ({ browser }) => {
  const first = await browser.newContext({ storageState: await signedInState(browser, 'patient') });
  const second = await browser.newContext({ storageState: await signedInState(browser, 'patient') });
  const [a, b] = [await first.newPage(), await second.newPage()];
  await a.goto('/dashboard');
  await expect.poll(() => loggedInUser(a)).toMatchObject({ email: 'patient@haven.test' });
  await b.goto('/dashboard');
  await expect.poll(() => loggedInUser(b)).toMatchObject({ email: 'patient@haven.test' });
  const [ca, cb] = [await storedCredentials(a), await storedCredentials(b)];
  expect(ca?.client).toBeTruthy();
  expect(ca?.client).not.toBe(cb?.client);
  await first.close();
  await second.close();
});
