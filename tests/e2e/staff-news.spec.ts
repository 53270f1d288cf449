import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { axeViewports, expectNoAxeViolations } from './axe.ts';
import { publishNews } from './information-steps.ts';
import { signInAsInformationOfficer } from './staff-sign-in.ts';

for (const javaScript of [true, false]) {
  test(`an information officer publishes news with a picture that residents see${javaScript ? '' : ' (without JavaScript)'}`, async ({
    browser,
  }) => {
    const staff = await browser.newContext({ javaScriptEnabled: javaScript });
    const page = await staff.newPage();
    await signInAsInformationOfficer(page);
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

for (const viewport of axeViewports) {
  test.describe(`axe at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('finds nothing on /news', async ({ page }) => {
      await page.goto('/news');
      await expectNoAxeViolations(page);
    });

    test('finds nothing on /staff/news', async ({ page }) => {
      await signInAsInformationOfficer(page);
      await page.goto('/staff/news');
      await expect(
        page.getByRole('heading', { level: 2, name: '2. Write the news item' }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
