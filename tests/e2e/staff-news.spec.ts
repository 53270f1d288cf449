import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { axeViewports, expectNoAxeViolations } from './axe.ts';
import { signInAsInformationOfficer } from './staff-sign-in.ts';

/** A photo as a phone would send it, with a location in its EXIF. */
async function photo(): Promise<Buffer> {
  return sharp({
    create: { width: 1000, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '14/1 35/1 0/1' } })
    .toBuffer();
}

for (const javaScript of [true, false]) {
  test(`an information officer publishes news with a picture that residents see${javaScript ? '' : ' (without JavaScript)'}`, async ({
    browser,
  }) => {
    const staff = await browser.newContext({ javaScriptEnabled: javaScript });
    const page = await staff.newPage();
    await signInAsInformationOfficer(page);
    await page.goto('/staff/news');
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();

    await page
      .getByLabel('Picture (JPEG, PNG or WebP)')
      .setInputFiles({ name: 'plaza.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await page.getByRole('button', { name: 'Upload the picture' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'is uploaded' })).toBeVisible();
    await expect(page.getByLabel('Picture number')).toHaveValue(/^\d+$/);

    const title = `Free rabies vaccination ${randomBytes(3).toString('hex')}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Date', { exact: true }).fill('2026-11-22');
    await page
      .getByLabel('Text', { exact: true })
      .fill('Bring your dogs and cats to the **plaza** on Saturday.');
    await page.getByLabel('Picture description (alt text)').fill('A dog at the municipal plaza');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'published' })).toBeVisible();
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
