import { expect, test, type Page } from '@playwright/test';
import { API, signUpFreshPatient } from './support/auth';
import { answerDashboardModals, signInAs } from './support/dashboard';
import { axeViolations } from './support/axe';

// Care team and public profiles: the patient's care team on the dashboard with book again,
// saved and suggested providers, and the public provider pages that search engines read (JavaScript
// off, sitemap).

const careTeam = (page: Page) => page.getByRole('region', { name: 'Your care team' });
interface Card {
  uuid: string;
  firstname: string;
  lastname: string;
}
async function publicProviders(request: import('@playwright/test').APIRequestContext): Promise<Card[]> {
  const r = await request.get(`${API}/public/providers`);
  expect(r.ok()).toBe(true);
  return ((await r.json()) as { data: Card[] }).data;
}

test('a patient sees their care team with next sessions and books again with their therapist', async ({ page, request }) => {
  await signInAs(page, request, 'patient@haven.test');
  await page.goto('/dashboard');
  const team = careTeam(page);
  // The first page of a fresh server on a busy machine: the dashboard remote may take a while to arrive.
  await expect(team).toBeVisible({ timeout: 20_000 });
  const therapist = team.getByRole('article', { name: 'Your therapist: Ananya Rao' });
  await expect(therapist).toContainText(/Next session: .+/);
  await expect(team.getByRole('article', { name: 'Your psychiatrist: Vikram Iyer' })).toContainText('Next session:');
  await expect(team.getByRole('article', { name: 'Your couples therapist: Kabir Singh' })).toContainText('Next session:');
  // Care coordinators appear where the patient chooses whom to book or contact.
  const bookWith = team.getByLabel('Book or contact');
  await expect(bookWith.locator('optgroup[label="Care coordinators"] option')).toHaveText(['Ravi Kumar (Care coordinator)']);
  await expect(therapist.getByRole('link', { name: 'Ananya Rao', exact: true })).toHaveAttribute('href', /^\/provider\/[0-9a-f-]{36}\/$/);
  expect(await axeViolations(page, 'dashboard with care team')).toEqual([]);

  const ananya = (await publicProviders(request)).find((p) => p.firstname === 'Ananya')!;
  await therapist.getByRole('link', { name: 'Book again with Ananya Rao' }).click();
  await expect(page).toHaveURL(new RegExp(`/booking\\?provider=${ananya.uuid}&step=1$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Book with Ananya Rao' })).toBeVisible();
});

test('a patient saves a suggested provider and removes it again; it stays saved across a reload', async ({ page, request }) => {
  const email = await signUpFreshPatient(request);
  const c = await signInAs(page, request, email);
  await answerDashboardModals(request, c);
  await page.goto('/dashboard');
  const team = careTeam(page);
  await expect(team.getByText('You have no regular providers yet.', { exact: false })).toBeVisible();
  await expect(team.getByText('Save a provider to find them here again.')).toBeVisible();
  const suggested = team.getByRole('list', { name: 'Suggested for you' });
  await expect(suggested.getByRole('listitem').first()).toBeVisible();
  // At 360 px every row keeps its Save button on the right, level with the others (it used to drop below
  // some names and not others).
  await page.setViewportSize({ width: 360, height: 800 });
  const boxes = await suggested.getByRole('listitem').evaluateAll((rows) =>
    rows.map((row) => {
      const button = row.querySelector('button')!.getBoundingClientRect();
      const box = row.getBoundingClientRect();
      return {
        right: Math.round(button.right),
        inRow: button.top >= box.top && button.bottom <= box.bottom,
        rowRight: Math.round(box.right),
      };
    }),
  );
  expect(boxes.length).toBeGreaterThan(1);
  expect(new Set(boxes.map((b) => b.right)).size, JSON.stringify(boxes)).toBe(1);
  expect(
    boxes.every((b) => b.inRow && b.right <= 360 && b.rowRight - b.right <= 20),
    JSON.stringify(boxes),
  ).toBe(true);
  const first = suggested.getByRole('listitem').first();
  const name = (await first.getByRole('link').innerText()).trim();
  await first.getByRole('button', { name: `Save ${name}` }).click();
  const saved = team.getByRole('list', { name: 'Saved providers' });
  await expect(saved.getByRole('link', { name })).toBeVisible();
  await expect(first.getByRole('button', { name: `Saved ${name}` })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(saved.getByRole('link', { name })).toBeVisible();
  await saved.getByRole('button', { name: `Saved ${name}` }).click();
  await expect(saved).toHaveCount(0);
  await expect(team.getByText('Save a provider to find them here again.')).toBeVisible();
});

test.describe('a crawler without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('reads a public profile (bio, fee, testimonials, links) and finds it in the sitemap', async ({ page, request }) => {
    const ananya = (await publicProviders(request)).find((p) => p.firstname === 'Ananya')!;
    const path = `/provider/${ananya.uuid}/`;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Ananya Rao' })).toBeVisible();
    await expect(page.getByText(/^Ananya helps people who feel on edge/)).toBeVisible();
    await expect(page.getByText('₹1,500')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What patients say' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Anxiety' })).toHaveAttribute('href', '/providers?c=anx');
    await expect(page).toHaveTitle('Ananya Rao');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `http://localhost:3000${path}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /^Ananya Rao, therapist on Haven\. Helps with anxiety/,
    );

    // The provider list is prerendered too, linking every profile.
    await page.goto('/providers');
    await expect(page.getByRole('heading', { level: 1, name: 'Find a provider' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ananya Rao', exact: true })).toHaveAttribute('href', path);

    const sitemap = await request.get('http://localhost:3000/sitemap.xml');
    expect(sitemap.ok()).toBe(true);
    expect(sitemap.headers()['content-type']).toMatch(/^application\/xml/);
    expect(await sitemap.text()).toContain(`<loc>http://localhost:3000${path}</loc>`);
    expect(await (await request.get('http://localhost:3000/robots.txt')).text()).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });
});

test('the live profile replaces the prerendered one; concerns link to the filtered list; a profile opened twice is fetched once', async ({
  page,
  request,
}) => {
  const ananya = (await publicProviders(request)).find((p) => p.firstname === 'Ananya')!;
  const fetches: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/public/providers/')) fetches.push(new URL(r.url()).pathname);
  });
  await page.goto(`/provider/${ananya.uuid}/`);
  const profile = page.getByRole('region', { name: 'About Ananya Rao' });
  await expect(profile.getByRole('list', { name: 'Next free times' })).toBeVisible();
  await expect(page.locator('#hv-snapshot')).toHaveCount(0);
  await expect(profile.getByRole('list', { name: 'What patients say' }).getByRole('listitem')).toHaveCount(2);
  expect(await axeViolations(page, 'public profile')).toEqual([]);

  const similar = profile.getByRole('list', { name: 'Similar providers' }).getByRole('link').first();
  const other = (await similar.innerText()).trim();
  await similar.click();
  await expect(page.getByRole('region', { name: `About ${other}` })).toBeVisible();
  await page.goBack();
  await expect(profile.getByRole('list', { name: 'Next free times' })).toBeVisible();
  expect(fetches.filter((p) => p.endsWith(`/public/providers/${ananya.uuid}`))).toHaveLength(1);

  await profile.getByRole('link', { name: 'Anxiety' }).click();
  await expect(page).toHaveURL(/\/providers\?c=anx$/);
  await expect(page.locator('#f-concern .hv-disclosure__summary')).toHaveText('Anxiety');
});
