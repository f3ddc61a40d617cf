import { expect, type APIRequestContext } from '@playwright/test';
import { devGet } from './auth';

/** A seeded provider's uuid by first name. */
export async function seededProvider(request: APIRequestContext, firstname: string): Promise<string> {
  const { data } = await devGet<{ data: Array<{ uuid: string; firstname: string }> }>(request, '/providers', { per_page: '50' });
  const p = data.find((x) => x.firstname === firstname);
  expect(p, `seeded provider ${firstname}`).toBeTruthy();
  return p!.uuid;
}

/** The messages the api "sent" to `to` (the development outbox), newest first, once there is one. */
export async function outboxOf(request: APIRequestContext, to: string, channel: string): Promise<Array<{ subject: string; body: string }>> {
  let messages: Array<{ subject: string; body: string }> = [];
  await expect
    .poll(async () => {
      messages = (await devGet<{ data: Array<{ subject: string; body: string }> }>(request, '/dev/outbox', { to, channel })).data;
      return messages.length;
    })
    .toBeGreaterThan(0);
  return messages;
}
