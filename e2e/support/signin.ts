// Helpers of the sign-in suite (e2e/signin.spec.ts): the development account choosers of Apple and Facebook and the
// stored credentials.
import type { Page } from '@playwright/test';

/** "Continue with {provider}" through the api's development issuer, as the given account. */
export async function continueWithDevelopmentAccount(page: Page, provider: 'Apple' | 'Facebook', email: string) {
  await page.getByRole('button', { name: `Continue with ${provider}` }).click();
  await page.getByLabel(`${provider} account e-mail`).fill(email);
  await page.getByRole('button', { name: `Continue as this ${provider} account` }).click();
}

export interface StoredCredentials {
  'access-token': string;
  expiry: string;
  client: string;
  uid: string;
}

export function storedCredentials(page: Page): Promise<StoredCredentials | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('@Token:') ?? 'null') as StoredCredentials | null);
}

/** Makes the stored credentials look `seconds` from expiry, as a tab left open for about two weeks sees them. */
export async function storeNearExpiry(page: Page, seconds: number) {
  await page.evaluate((s) => {
    const stored = JSON.parse(localStorage.getItem('@Token:') ?? '{}') as Record<string, string>;
    localStorage.setItem('@Token:', JSON.stringify({ ...stored, expiry: String(Math.floor(Date.now() / 1000) + s) }));
  }, seconds);
}

/** The refresh lock, held or waiting, for this origin (the mark a refresh leaves for a minute is another lock). */
export function locksInUse(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const q = await navigator.locks.query();
    return [...(q.held ?? []), ...(q.pending ?? [])].filter((lock) => lock.name === 'haven:token-refresh').length;
  });
}
