import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Severity } from '../../shared/advisories/advisories.ts';
import { toDateTimeLocal } from '../../shared/manila-time.ts';

/** A photo as a phone would send it, with a location in its EXIF. */
export async function photo(): Promise<Buffer> {
  return sharp({
    create: { width: 1000, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '14/1 35/1 0/1' } })
    .toBuffer();
}

/** Manila time as the form's date-time input takes it, `hours` from now. */
export const manilaIn = (hours: number) =>
  toDateTimeLocal(new Date(Date.now() + hours * 3_600_000).toISOString());

/** Posts an advisory through /staff/advisories, starting now (the form's default start). */
export async function postAdvisory(page: Page, severity: Severity, title: string) {
  await page.goto('/staff/advisories');
  await page.getByLabel('Severity').first().selectOption(severity);
  await page.getByLabel('Title', { exact: true }).first().fill(title);
  await page.getByLabel('Text', { exact: true }).first().fill(`${title}: details for residents.`);
  // A short run, so a test cut off before it ends its advisories leaves no banner for long.
  await page.getByLabel('End', { exact: true }).first().fill(manilaIn(0.25));
  await page.getByRole('button', { name: 'Post advisory' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Advisory posted.' })).toBeVisible();
}

/** Ends an advisory early from the staff page, so other specs' pages go back to having no banner. */
export async function endAdvisory(page: Page, title: string) {
  await page.goto('/staff/advisories');
  await page.getByRole('link', { name: `Correct or end “${title}”` }).click();
  await page.getByLabel('Reason').last().fill('Test over.');
  await page.getByRole('button', { name: 'End now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Advisory ended' })).toBeVisible();
}

/** Uploads a picture and publishes a news item with it through /staff/news. */
export async function publishNews(page: Page, title: string, alt: string) {
  await page.goto('/staff/news');
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  await page
    .getByLabel('Picture (JPEG, PNG or WebP)')
    .setInputFiles({ name: 'plaza.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await page.getByRole('button', { name: 'Upload the picture' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is uploaded' })).toBeVisible();
  await expect(page.getByLabel('Picture number')).toHaveValue(/^\d+$/);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Date', { exact: true }).fill('2026-11-22');
  await page
    .getByLabel('Text', { exact: true })
    .fill('Bring your dogs and cats to the **plaza** on Saturday.');
  await page.getByLabel('Picture description (alt text)').fill(alt);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'published' })).toBeVisible();
}
