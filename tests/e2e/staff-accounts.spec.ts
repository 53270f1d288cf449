import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { axeViewports, expectNoAxeViolations } from './axe.ts';
import { signInThroughForm } from './staff.ts';
import { createAccountWithRoles } from './staff-sign-in.ts';

const NEW_PASSWORD = 'typhoon season at the municipal hall';

/** Signs a new IT administrator's account in through the login form. */
async function signInAsAdministrator(page: Page) {
  const admin = await createAccountWithRoles(['admin'], 'IT Administrator');
  await signInThroughForm(page, admin);
}

/** Adds an information officer on /staff/accounts and answers its e-mail and the link shown once. */
async function addInformationOfficer(page: Page): Promise<{ email: string; link: string }> {
  const email = `pio-${randomBytes(4).toString('hex')}@san-isidro.gov.ph`;
  await page.goto('/staff/accounts');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Name', { exact: true }).fill('Public Information Officer');
  await page
    .getByRole('group', { name: 'Roles' })
    .getByLabel('Information (news and advisories)')
    .check();
  await page
    .getByRole('group', { name: 'First password' })
    .getByLabel('A set-password link for its owner (works once, for 24 hours)')
    .check();
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByRole('status')).toContainText(`Added ${email}`);
  const link = (await page.locator('.issued-secret').textContent()) ?? '';
  expect(link).toMatch(/\/staff\/set-password\?token=[\w-]{43}$/);
  return { email, link };
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? 'staff accounts' : 'staff accounts without JavaScript', () => {
    test.use({ javaScriptEnabled: javaScript });

    test('an administrator adds an account with a link; its owner sets a password once and sees only its areas', async ({
      page,
      browser,
    }) => {
      await signInAsAdministrator(page);
      await expect(page).toHaveURL(/\/staff$/);
      await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toBeVisible();
      const { email, link } = await addInformationOfficer(page);
      await expect(page.getByRole('listitem').filter({ hasText: email })).toBeVisible();

      // The owner, in a browser of their own.
      const context = await browser.newContext({ javaScriptEnabled: javaScript });
      const owner = await context.newPage();
      try {
        await owner.goto(new URL(link).pathname + new URL(link).search);
        await expect(owner.getByText(email)).toBeVisible();
        await owner.getByLabel('New password', { exact: true }).fill('password');
        await owner.getByLabel('Repeat the new password').fill('password');
        await owner.getByRole('button', { name: 'Set password' }).click();
        await expect(
          owner.getByRole('alert').filter({ hasText: 'Password refused' }),
        ).toContainText('commonly used');
        await owner.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
        await owner.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
        await owner.getByRole('button', { name: 'Set password' }).click();
        await expect(owner).toHaveURL(/\/bac-login\?password-set$/);
        await expect(owner.getByRole('status')).toHaveText(
          'Your password is set. Sign in with it.',
        );

        await signInThroughForm(owner, email, NEW_PASSWORD);
        await expect(owner).toHaveURL(/\/staff$/);
        const areas = owner.getByRole('navigation', { name: 'Staff areas' });
        await expect(areas.getByRole('link')).toHaveText(['Staff home', 'News', 'Advisories']);
        await expect(owner.getByRole('link', { name: 'Staff accounts' })).toHaveCount(0);
        await expect(owner.getByRole('link', { name: 'Procurement records' })).toHaveCount(0);

        // Used once, the link says so.
        await owner.goto(new URL(link).pathname + new URL(link).search);
        await expect(owner.getByRole('alert')).toContainText('already been used');
      } finally {
        await context.close();
      }
    });
  });
}

for (const viewport of axeViewports) {
  test(`staff home, staff accounts and set-password have no axe violations at ${viewport.width}px`, async ({
    page,
  }) => {
    // Six scans of pages whose account list grows with every test run on this server.
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await signInAsAdministrator(page);
    await expect(page).toHaveURL(/\/staff$/);
    await expectNoAxeViolations(page);
    const { email, link } = await addInformationOfficer(page);
    // The list with the link shown once, and the new account's actions opened.
    const added = page.getByRole('listitem').filter({ hasText: email });
    for (const summary of await added.locator('summary').all()) await summary.click();
    await expectNoAxeViolations(page);
    // A refused add, with its error summary.
    await page.getByRole('button', { name: 'Add account' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The account was not added' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    const url = new URL(link).pathname + new URL(link).search;
    await page.goto(url);
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Repeat the new password').fill('short');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Password refused' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/staff/set-password?token=not-a-token');
    await expect(page.getByRole('alert')).toContainText('not valid');
    await expectNoAxeViolations(page);
  });
}

for (const viewport of axeViewports) {
  test(`the Filipino staff home, staff accounts and set-password speak Filipino and have no axe violations at ${viewport.width}px`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await signInAsAdministrator(page);
    await page.waitForURL((url) => !url.pathname.endsWith('/bac-login'));
    await page.goto('/fil/staff');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    await expect(
      page.getByRole('heading', { name: 'Ang magagawa ng iyong account' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // The add form with JavaScript: the action runs in the browser, its words still Filipino.
    await page.getByRole('link', { name: 'Mga account ng kawani' }).first().click();
    await expect(page).toHaveURL(/\/fil\/staff\/accounts$/);
    await page.getByRole('button', { name: 'Idagdag ang account' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Hindi naidagdag ang account' }),
    ).toContainText('Mga tungkulin: pumili ng kahit isang tungkulin.');
    await expectNoAxeViolations(page);
    const email = `kawani-${randomBytes(4).toString('hex')}@san-isidro.gov.ph`;
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Pangalan', { exact: true }).fill('Kawani ng Impormasyon');
    await page
      .getByRole('group', { name: 'Mga tungkulin (Roles)' })
      .getByLabel('Impormasyon (Information: balita at mga paalala)')
      .check();
    await page.getByRole('button', { name: 'Idagdag ang account' }).click();
    await expect(page.getByRole('status')).toContainText(`Naidagdag ang ${email}`);
    const link = (await page.locator('.issued-secret').textContent()) ?? '';
    expect(link).toMatch(/\/fil\/staff\/set-password\?token=[\w-]{43}$/);
    await expectNoAxeViolations(page);

    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    await page.getByLabel('Bagong password', { exact: true }).fill('short');
    await page.getByLabel('Ulitin ang bagong password').fill('short');
    await page.getByRole('button', { name: 'Itakda ang password' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Hindi tinanggap ang password' }),
    ).toContainText('masyado itong maikli');
    await expectNoAxeViolations(page);
  });
}
