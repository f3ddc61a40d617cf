import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, lastCode, PASSWORD, signUpFreshPatient, waitForNextCode } from './support/auth';
import { apiCall, signInAs, type Creds } from './support/dashboard';
import { apiStatus, freshAcmeEmployeeOnPage, freshPatientOnPage } from './support/account';

// The patient's account against the api. Every test has an account of its own.

// The api sends one code an address per 30 s, and the sign-up takes one. The two tests that then ask for
// another code to the same address (closing the account, a PIN reset) are the file's last, with accounts
// signed up when the file starts: by then the tests before them have taken those 30 s, where each would
// otherwise wait them out (waitForNextCode still waits whatever is left).
const early = new Map<'close' | 'pin', Promise<string>>();
test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext();
  for (const use of ['close', 'pin'] as const) early.set(use, signUpFreshPatient(api));
  await Promise.all(early.values()).finally(() => api.dispose());
});

/** The account signed up for `use` when the file started, signed in on `page`. */
async function earlyPatientOnPage(page: Page, request: APIRequestContext, use: 'close' | 'pin'): Promise<{ email: string; creds: Creds }> {
  const email = await early.get(use)!;
  return { email, creds: await signInAs(page, request, email) };
}

const MB = 1024 * 1024;
// A Windows program's first bytes (MZ ... PE), which the api reads whatever the name says.
const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00', 'latin1'),
  Buffer.alloc(120),
  Buffer.from('PE\x00\x00', 'latin1'),
  Buffer.alloc(200),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('a wrong phone length shows the rule and keeps what was typed; the new number needs the code from the outbox', async ({
  page,
  request,
}) => {
  await freshPatientOnPage(page, request);
  await page.goto('/account');
  const form = page.getByRole('form', { name: 'Change mobile number' });
  const number = form.getByLabel('New mobile number');
  await number.fill('98765');
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(form).toContainText('Enter a valid mobile number. A mobile number in India has 10 digits and starts with 5, 6, 7, 8 or 9.');
  await expect(number).toHaveValue('98765');
  // The length is the country's: nine digits in the United Arab Emirates.
  await form.getByLabel('Country code').selectOption('AE');
  await number.fill('5012345678');
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(form).toContainText('A mobile number in United Arab Emirates has 9 digits.');
  await expect(number).toHaveValue('5012345678');

  await form.getByLabel('Country code').selectOption('IN');
  const mobile = `9${String(Date.now()).slice(-9)}`;
  await number.fill(mobile);
  await form.getByRole('button', { name: 'Send code' }).click();
  // Shown as the log-in shows a number: the international format.
  await expect(
    page.getByRole('status').filter({ hasText: `We sent a code to +91 ${mobile.slice(0, 5)} ${mobile.slice(5)}` }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mobile number' })).toContainText('No mobile number yet.');

  const confirm = page.getByRole('form', { name: 'Confirm new mobile number' });
  await confirm.getByLabel('Code').fill('000000');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByLabel('Code')).toHaveAccessibleDescription('Invalid verification code');
  await confirm.getByLabel('Code').fill(await lastCode(request, `+91${mobile}`, 'sms'));
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('region', { name: 'Mobile number' })).toContainText(`Current: +91 ${mobile}`);
});

test("a changed e-mail is the person's own from then on: no anomaly is reported, on the page or after it", async ({ page, request }) => {
  const anomalies: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().includes('Anomaly detected')) anomalies.push(m.text());
  });
  await freshPatientOnPage(page, request);
  await page.goto('/account');
  const form = page.getByRole('form', { name: 'Change e-mail address' });
  const next = `e2e-new-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@haven.test`;
  await form.getByLabel('New e-mail').fill(next);
  await form.getByRole('button', { name: 'Send code' }).click();
  const confirm = page.getByRole('form', { name: 'Confirm new e-mail address' });
  await confirm.getByLabel('Code').fill(await lastCode(request, next, 'email'));
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('region', { name: 'E-mail' })).toContainText(`Current: ${next}`);
  // Pages that carry the person's contact back: the account again and the home.
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'E-mail' })).toContainText(`Current: ${next}`);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Your care team' })).toBeVisible({ timeout: 20_000 });
  expect(anomalies).toEqual([]);
});

test('a second profile is created, switched to and deleted', async ({ page, request }) => {
  await freshPatientOnPage(page, request);
  await page.goto('/account/profiles');
  const create = page.getByRole('form', { name: 'New profile' });
  await create.getByLabel('First name').fill('Mira');
  await create.getByLabel('Last name').fill('Test');
  // Who the profile is for is asked of every new profile; what was typed stays.
  await create.getByRole('button', { name: 'Create profile' }).click();
  await expect(create.getByLabel('Who is this for?')).toHaveAccessibleDescription('Choose who this profile is for');
  await expect(create.getByLabel('First name')).toHaveValue('Mira');
  const shots = process.env.CARE_SHOTS_DIR;
  if (shots)
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await create.screenshot({ path: `${shots}/profile-form-${width}.png` });
    }
  await create.getByLabel('Who is this for?').selectOption({ label: 'My brother or sister' });
  await create.getByRole('button', { name: 'Create profile' }).click();
  const profiles = page.getByRole('region', { name: 'Profiles' });
  await expect(profiles.getByRole('listitem').filter({ hasText: 'Mira Test' })).toBeVisible();

  const switcher = page.getByLabel('Acting as');
  await switcher.selectOption({ label: 'Mira Test' });
  await expect(profiles.getByRole('listitem').filter({ hasText: 'Mira Test' })).toContainText('acting as');
  // Product rules, Sign-in and identity: the secondary profile's token is kept and sent from then on.
  expect(await page.evaluate(() => localStorage.getItem('secondary_token'))).toBeTruthy();
  await switcher.selectOption({ label: 'Test Patient (you)' });
  await expect(profiles.getByRole('listitem').filter({ hasText: 'Mira Test' })).not.toContainText('acting as');
  expect(await page.evaluate(() => localStorage.getItem('secondary_token'))).toBeNull();

  await profiles.getByRole('button', { name: 'Delete Mira Test' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Mira Test?' });
  await expect(dialog).toContainText('their documents and identity files');
  await expect(dialog).toContainText('their journal entries');
  await dialog.getByRole('button', { name: 'Delete profile' }).click();
  await expect(dialog).toBeHidden();
  await expect(profiles).toContainText('No other profiles yet.');
  await expect(page.getByLabel('Acting as')).toHaveCount(0);
});

test('an added member stops at the cap: the control disappears and the api refuses one more', async ({ page, request }) => {
  const creds = await freshAcmeEmployeeOnPage(page, request);
  await page.goto('/account/profiles');
  const members = page.getByRole('region', { name: 'Added members' });
  await expect(members).toContainText('0 of 3 members added.');
  for (const name of ['Asha', 'Bela', 'Chetan']) {
    const add = members.getByRole('form', { name: 'Add a member' });
    await add.getByLabel('First name').fill(name);
    await add.getByLabel('Who is this for?').selectOption({ label: 'Another adult' });
    await add.getByRole('button', { name: 'Add member' }).click();
    await expect(members.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  }
  await expect(members).toContainText('3 of 3 members added.');
  await expect(members.getByRole('form', { name: 'Add a member' })).toHaveCount(0);
  await expect(members).toContainText('You have added as many members as your plan allows.');
  expect(await apiStatus(request, creds, 'post', '/customers/profiles', { kind: 'member', first_name: 'Dev' })).toBe(422);
});

test('a 101 MB file is refused in the browser and an .exe renamed .pdf by the api, with the spec texts', async ({ page, request }) => {
  await freshPatientOnPage(page, request);
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/customers/documents')) uploads.push(r.url());
  });
  await page.goto('/account/documents');
  const upload = page.getByRole('region', { name: 'Upload a file' });
  await expect(page.getByRole('region', { name: 'Your files' })).toContainText('No files yet.');
  // A 101 MB file, made in the page (the input takes it as the person's choice).
  await page.getByLabel('Choose a file').evaluate((input: HTMLInputElement, size) => {
    const files = new DataTransfer();
    files.items.add(new File([new Uint8Array(size)], 'scan.pdf', { type: 'application/pdf' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, 101 * MB);
  await expect(upload.getByRole('alert')).toHaveText("File size can't be more than 100 MB.");
  expect(uploads, 'not a byte sent').toEqual([]);

  await page.getByLabel('Choose a file').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: EXE });
  await expect(upload.getByRole('alert')).toHaveText('Please upload valid file format.');
  expect(uploads).toHaveLength(1);
  await expect(page.getByRole('region', { name: 'Your files' })).toContainText('No files yet.');
});

test('an upload survives a failed first attempt, then is listed and downloadable by its owner only', async ({ page, request, browser }) => {
  const { creds } = await freshPatientOnPage(page, request);
  let failed = 0;
  await page.route(
    (url) => url.pathname === '/api/v1/customers/documents',
    async (route) => {
      if (route.request().method() === 'POST' && failed === 0) {
        failed += 1;
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': 'http://localhost:3000', 'access-control-allow-credentials': 'true' },
          body: JSON.stringify({
            success: false,
            statusCode: 500,
            error: 'Internal Server Error',
            message: 'Internal server error',
            errors: ['Internal server error'],
            request_id: 'e2e',
          }),
        });
        return;
      }
      await route.continue();
    },
  );
  await page.goto('/account/documents');
  await page.getByLabel('Choose a file').setInputFiles({ name: 'blood-test.pdf', mimeType: 'application/pdf', buffer: PDF });
  const upload = page.getByRole('region', { name: 'Upload a file' });
  await expect(upload).toContainText('blood-test.pdf was not uploaded');
  await upload.getByRole('button', { name: 'Try again' }).click();
  await expect(upload.getByRole('status')).toHaveText('blood-test.pdf was uploaded.');
  expect(failed).toBe(1);

  const files = page.getByRole('region', { name: 'Your files' });
  await expect(files.getByRole('listitem')).toHaveCount(1);
  const downloading = page.waitForEvent('download');
  await files.getByRole('button', { name: 'Download blood-test.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('blood-test.pdf');
  const path = await download.path();
  expect((await import('node:fs')).readFileSync(path)).toEqual(PDF);

  // The owner's api answer names it; a second account gets 404 for the same file.
  const { data } = await apiCall<{ data: Array<{ uuid: string }> }>(request, creds, 'get', '/customers/documents');
  const uuid = data[0]!.uuid;
  const otherPage = await browser.newPage();
  const other = await freshPatientOnPage(otherPage, request);
  await otherPage.close();
  expect(await apiStatus(request, other.creds, 'get', `/customers/documents/${uuid}/file`)).toBe(404);
  expect(await apiStatus(request, other.creds, 'delete', `/customers/documents/${uuid}`)).toBe(404);
  expect(await apiStatus(request, creds, 'get', `/customers/documents/${uuid}/file`)).toBe(200);
});

test('an emergency contact is checked, saved and still there after a reload; a profile under 18 also gets a parent contact', async ({
  page,
  request,
}) => {
  await freshPatientOnPage(page, request);
  await page.goto('/account');
  const emergency = page.getByRole('form', { name: 'Emergency contact' });
  await expect(emergency).toContainText('only if your therapist believes you are at serious risk');
  await expect(page.getByRole('form', { name: 'Parent or guardian contact' })).toHaveCount(0);
  await emergency.getByLabel('Name').fill('Asha Rao');
  await emergency.getByLabel('Relation').fill('Sister');
  await emergency.getByLabel('Mobile number').fill('98765');
  await emergency.getByRole('button', { name: 'Save emergency contact' }).click();
  await expect(emergency.getByLabel('Mobile number')).toHaveAccessibleDescription(/A mobile number in India has 10 digits/);
  await expect(emergency.getByLabel('Name')).toHaveValue('Asha Rao');
  await emergency.getByLabel('Mobile number').fill('9876543210');
  await emergency.getByRole('button', { name: 'Save emergency contact' }).click();
  await expect(emergency).toContainText('Emergency contact saved.');
  await page.reload();
  await expect(emergency.getByLabel('Name')).toHaveValue('Asha Rao');
  await expect(emergency.getByLabel('Relation')).toHaveValue('Sister');
  await expect(emergency.getByLabel('Mobile number')).toHaveValue('9876543210');

  // A child's profile: its own (empty) emergency contact, and a parent contact.
  await page.goto('/account/profiles');
  const create = page.getByRole('form', { name: 'New profile' });
  await create.getByLabel('First name').fill('Kiran');
  await create.getByLabel('Who is this for?').selectOption({ label: 'My child' });
  await create.getByLabel('Date of birth').fill(`${new Date().getFullYear() - 10}-01-01`);
  await create.getByRole('button', { name: 'Create profile' }).click();
  await expect(page.getByRole('region', { name: 'Profiles' }).getByRole('listitem').filter({ hasText: 'Kiran' })).toBeVisible();
  await page.getByLabel('Acting as').selectOption({ label: 'Kiran' });
  await page.getByRole('link', { name: 'Your details' }).click();
  const parent = page.getByRole('form', { name: 'Parent or guardian contact' });
  await expect(parent).toContainText('This profile is under 18');
  await expect(page.getByRole('form', { name: 'Emergency contact' }).getByLabel('Name')).toHaveValue('');
  await parent.getByLabel('Name').fill('Meena Rao');
  await parent.getByLabel('Relation').fill('Mother');
  await parent.getByLabel('Mobile number').fill('9123456780');
  await parent.getByRole('button', { name: 'Save parent contact' }).click();
  await expect(parent).toContainText('Parent or guardian contact saved.');
  await page.reload();
  await expect(parent.getByLabel('Name')).toHaveValue('Meena Rao');
});

test('a linked Google account is shown and unlinked', async ({ page }) => {
  // A Google sign-in (the api's stand-in for Google) makes the account and its link.
  const email = `e2e-google-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@haven.test`;
  await page.goto('/auth/log-in/?redirectPath=%2Faccount%2Fsecurity');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByLabel('Google account e-mail').fill(email);
  await page.getByRole('button', { name: 'Continue as this Google account' }).click();
  await expect(page).toHaveURL(/\/account\/security$/);

  const linked = page.getByRole('region', { name: 'Linked accounts' });
  await expect(linked.getByRole('listitem')).toHaveCount(1);
  await expect(linked.getByRole('listitem')).toContainText(`Google · ${email}`);
  await linked.getByRole('button', { name: `Unlink Google account ${email}` }).click();
  await expect(linked.getByRole('status')).toContainText(`Google account ${email} unlinked.`);
  await expect(linked).toContainText('No linked accounts.');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Linked accounts' })).toContainText('No linked accounts.');
});

test('the avatar: the photo from the asset host on the account page, the profile switcher and the header', async ({ page, request }) => {
  // The demo patient has a photo and a second profile (read only here).
  await signInAs(page, request, 'patient@haven.test');
  await page.goto('/account');
  const photo = page.getByRole('img', { name: 'Photo of Priya Sharma' });
  await expect(photo).toHaveAttribute('src', /\/avatars\/priya-sharma\.png$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // The header's account control: a link, or the people switch once the account's profiles are known (this account has two).
  await expect(page.getByRole('banner').locator('.hv-account-nav__account img')).toHaveAttribute('src', /\/avatars\/priya-sharma\.png$/);
  await page.goto('/account/profiles');
  await expect(page.locator('.hv-profile-switcher img')).toHaveAttribute('src', /\/avatars\/priya-sharma\.png$/);
});

test("without a photo the avatar is the initials on the profile's colour", async ({ page, request }) => {
  await freshPatientOnPage(page, request);
  await page.goto('/account');
  await expect(page.getByRole('main').getByRole('img', { name: 'Test Patient (initials TP)' })).toHaveText('TP');
  await expect(page.getByRole('link', { name: 'Your account' }).locator('.hv-avatar')).toHaveText('TP');
});

test('closing the account signs out every tab and the credentials stop working', async ({ page, request, context }) => {
  test.setTimeout(75_000); // run alone, it waits out the sign-up code's 30 s before the closing code
  const { email, creds } = await earlyPatientOnPage(page, request, 'close');
  await page.goto('/account/close');
  const other = await context.newPage();
  await other.goto('/account');
  await expect(other.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Close your account' });
  await form.getByRole('button', { name: 'Send me a code' }).click();
  await expect(form.getByLabel('Type CLOSE to confirm')).toHaveAccessibleDescription('Type CLOSE in capital letters to confirm');
  await form.getByLabel('Type CLOSE to confirm').fill('CLOSE');
  await waitForNextCode(email);
  await form.getByRole('button', { name: 'Send me a code' }).click();
  await expect(form.getByRole('status')).toHaveText(`We sent a code to ${email}.`);
  await form.getByLabel('Code').fill(await lastCode(request, email, 'email'));
  await form.getByRole('button', { name: 'Close my account for good' }).click();

  await expect(page).not.toHaveURL(/\/account/);
  await expect(other).not.toHaveURL(/\/account/);
  for (const p of [page, other]) expect(await p.evaluate(() => localStorage.getItem('@Token:'))).toBeNull();
  expect([401, 403]).toContain(await apiStatus(request, creds, 'get', '/customers/profile_info'));
  const signIn = await request.post(`${API}/auth/sign_in`, { data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(401);
});

test('a PIN is set (the rule shown, what was typed kept), then reset with the code from the dev outbox', async ({ page, request }) => {
  test.setTimeout(75_000); // run alone, it waits out the sign-up code's 30 s before the reset code
  const { email, creds } = await earlyPatientOnPage(page, request, 'pin');
  await page.goto('/account/security');
  const set = page.getByRole('form', { name: 'Set a PIN' });
  await set.getByLabel('New PIN', { exact: true }).fill('1234');
  await set.getByLabel('New PIN again').fill('1234');
  await set.getByRole('button', { name: 'Set PIN' }).click();
  await expect(set.getByLabel('New PIN', { exact: true })).toHaveAccessibleDescription(
    'Choose a PIN that is harder to guess (not one digit repeated or a run such as 1234).',
  );
  await expect(set.getByLabel('New PIN', { exact: true })).toHaveValue('1234');
  await set.getByLabel('New PIN', { exact: true }).fill('4821');
  await set.getByLabel('New PIN again').fill('4821');
  await set.getByRole('button', { name: 'Set PIN' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your PIN is set.' })).toBeVisible();

  await waitForNextCode(email);
  await page.getByRole('button', { name: 'Forgot your PIN? Reset it with a code' }).click();
  const reset = page.getByRole('form', { name: 'Reset your PIN' });
  await expect(reset.getByRole('status')).toContainText(`We sent a code to ${email}`);
  await reset.getByLabel('Code').fill(await lastCode(request, email, 'email'));
  await reset.getByLabel('New PIN', { exact: true }).fill('6150');
  await reset.getByLabel('New PIN again').fill('6150');
  await reset.getByRole('button', { name: 'Save new PIN' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your PIN is changed.' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Change your PIN' })).toBeVisible();
  // The api holds the new PIN: it is the current one now, and the old one is not.
  expect(await apiStatus(request, creds, 'put', '/customers/pin', { current_pin: '4821', pin: '7302' })).toBe(422);
  expect(await apiStatus(request, creds, 'put', '/customers/pin', { current_pin: '6150', pin: '7302' })).toBe(200);
});
