import { randomBytes } from 'node:crypto';
import { expect, test, type Browser } from '@playwright/test';
import { axeViewports, expectNoAxeViolations } from './axe.ts';
import { publishingServer } from './browser.ts';
import { photo, publishNews } from './information-steps.ts';
import { signInAsInformationOfficer } from './staff-sign-in.ts';

// Its own server: the news items published here must not reach the pages other specs
// measure.
test.use({ baseURL: publishingServer.baseURL });

/** A browser of its own, with or without JavaScript, and its page signed in as an information officer. */
async function informationOfficerBrowser(browser: Browser, javaScript: boolean) {
  const staff = await browser.newContext({ javaScriptEnabled: javaScript });
  const page = await staff.newPage();
  await signInAsInformationOfficer(page, publishingServer.dataDir);
  return { staff, page };
}

for (const javaScript of [true, false]) {
  test(`an information officer publishes news with a picture that residents see${javaScript ? '' : ' (without JavaScript)'}`, async ({
    browser,
  }) => {
    const { staff, page } = await informationOfficerBrowser(browser, javaScript);
    const title = `Free rabies vaccination ${randomBytes(3).toString('hex')}`;
    await publishNews(page, title, 'A dog at the municipal plaza');
    await staff.close();

    // A resident: a fresh browser with no cookie, served from the render cache.
    const resident = await browser.newContext({ javaScriptEnabled: javaScript });
    const home = await resident.newPage();
    await home.goto('/');
    await expect(home.getByRole('link', { name: title })).toBeVisible();
    await home.goto('/news');
    await expect(home.getByRole('heading', { level: 2, name: title })).toBeVisible();
    // The link's name is its words and the hidden title after them.
    await home.getByRole('link', { name: new RegExp(`^Read More.*${title}$`) }).click();
    await expect(home.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(home.getByRole('img', { name: 'A dog at the municipal plaza' })).toBeVisible();
    await expect(home.locator('.prose strong')).toHaveText('plaza');
    await resident.close();
  });
}

for (const javaScript of [true, false]) {
  test(`from /fil/staff/news the forms, their refusals and outcomes stay in Filipino${javaScript ? '' : ' (without JavaScript)'}`, async ({
    browser,
  }) => {
    const { staff, page } = await informationOfficerBrowser(browser, javaScript);
    await page.goto('/fil/staff/news');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    await page
      .getByLabel('Larawan (JPEG, PNG o WebP)')
      .setInputFiles({ name: 'plaza.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await page.getByRole('button', { name: 'I-upload ang larawan (Upload)' }).click();
    await expect(page).toHaveURL(/\/fil\/staff\/news\?picture=\d+$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Na-upload na ang larawan' }),
    ).toBeVisible();
    // Spaces pass the browser's own check of a required field, not the site's.
    await page.getByLabel('Pamagat', { exact: true }).fill('   ');
    await page.getByLabel('Petsa', { exact: true }).fill('2026-11-22');
    await page.getByLabel('Teksto', { exact: true }).fill('Libreng bakuna sa **plaza**.');
    await page.getByLabel('Paglalarawan ng larawan (alt text)').fill('Isang aso sa plaza');
    await page.getByRole('button', { name: 'Ilathala (Publish)' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Kailangan ang pamagat.' }),
    ).toBeVisible();
    await expect(page.getByLabel('Paglalarawan ng larawan (alt text)')).toHaveValue(
      'Isang aso sa plaza',
    );
    const title = `Libreng bakuna ${randomBytes(3).toString('hex')}`;
    await page.getByLabel('Pamagat', { exact: true }).fill(title);
    await page.getByRole('button', { name: 'Ilathala (Publish)' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Nailathala na ang balita.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/fil\/staff\/news\?done=added&id=/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');

    await page.getByRole('link', { name: `Bawiin ${title}` }).click();
    await page.getByLabel('Dahilan').fill('Pagsubok lamang.');
    await page.getByRole('button', { name: 'Bawiin', exact: true }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Binawi na ang balita.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/fil\/staff\/news\?done=withdrawn&id=/);
    await staff.close();
  });
}

for (const viewport of axeViewports) {
  test.describe(`axe at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('finds nothing on /news', async ({ page }) => {
      await page.goto('/news');
      await expectNoAxeViolations(page);
    });

    test('finds nothing on /staff/news', async ({ page }) => {
      await signInAsInformationOfficer(page, publishingServer.dataDir);
      await page.goto('/staff/news');
      await expect(
        page.getByRole('heading', { level: 2, name: '2. Write the news item' }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('finds nothing on /fil/staff/news', async ({ page }) => {
      await signInAsInformationOfficer(page, publishingServer.dataDir);
      await page.goto('/fil/staff/news');
      await expect(
        page.getByRole('heading', { level: 2, name: '2. Isulat ang balita' }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
