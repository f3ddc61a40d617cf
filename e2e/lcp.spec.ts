import { expect, test, type ConsoleMessage } from '@playwright/test';
import { signInAs } from './support/dashboard';

// The critical chain: the shell's page names the runtime config and its route's remote entry in
// `Link` headers, so both load beside main.js instead of after it, and the build lists the shell's boot
// chunks in the page itself. What is checked is the contract, not
// a timing: the headers are there, each preloaded file is fetched once (the preload is the response the
// page uses) and the browser reports no preload it had to throw away.

const ROUTES = [
  { path: '/auth/log-in/', entry: 'http://localhost:3001/remoteEntry.js', heading: 'Log in' },
  { path: '/providers', entry: 'http://localhost:3003/remoteEntry.js', heading: 'Find a provider' },
];

for (const { path, entry, heading } of ROUTES) {
  test(`${path}: config and remote entry preloaded, each fetched once and used`, async ({ page }) => {
    const unused: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (/preload/i.test(message.text())) unused.push(message.text());
    });
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url().replace(/\?.*$/, '')));

    const response = await page.goto(path);
    const links = response?.headers().link ?? '';
    expect(links).toContain('</config.json>; rel=preload; as=fetch; crossorigin');
    expect(links).toContain(`<${entry}>; rel=preload; as=script`);

    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(fetched.filter((url) => url === 'http://localhost:3000/config.json')).toHaveLength(1);
    expect(fetched.filter((url) => url === entry)).toHaveLength(1);
    // The build names the shell's boot chunks in the page (tooling/boot-preload-plugin.js): each is
    // fetched once, so the chunk loader used the preloaded response.
    const preloaded = await page.locator('link[rel=preload]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    // The boot's libraries are one chunk (tooling/webpack.base.js, FRAMEWORK_CHUNK), named with the core's and the shell's own.
    expect(preloaded.filter((href) => /\/framework\.[0-9a-f]+\.js$/.test(href))).toHaveLength(1);
    expect(preloaded.filter((href) => href.endsWith('.js')).length).toBeGreaterThanOrEqual(3);
    for (const href of preloaded)
      expect(
        fetched.filter((url) => url === href),
        href,
      ).toHaveLength(1);
    expect(unused).toEqual([]);
  });
}

test('the landing page offers a signed-in patient their next session (their care) and booking, never Log in', async ({ page, request }) => {
  await signInAs(page, request, 'patient@haven.test');
  await page.goto('/');
  const main = page.getByRole('main');
  // The demo patient has a session booked: the landing names it.
  await expect(main.getByRole('link', { name: /^Your next session: .+ with / })).toHaveAttribute('href', '/dashboard');
  await expect(main.getByRole('link', { name: 'Book a session' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Log in' })).toHaveCount(0);
});
