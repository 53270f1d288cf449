/**
 * The Transparency Seal index (issue 23): the header seal leads to it, every link it lists
 * answers, it passes axe on a phone and a desktop, and the menu's Transparency entries
 * are reachable from the keyboard alone.
 */
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { loadContent } from '../../server/content/load.ts';
import { axeViewports, expectNoAxeViolations } from './axe.ts';
import { localize } from '../../shared/i18n/localized-text.ts';

const content = await loadContent(path.resolve('content'));
/** Every link the page lists, once each, as the municipality wrote them in content/transparency-seal.json. */
const sealLinks = [
  ...new Set(content.transparencySeal.items.flatMap((item) => item.links.map((link) => link.href))),
];
const transparencyMenu = content.menu.find(
  (entry) => entry.kind === 'group' && localize(entry.title, 'en').text === 'Transparency',
);

/** Presses Tab, as a keyboard user does, until `target` has focus; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit: number) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('the seal in the header leads to /transparency-seal', async ({ page }) => {
  await page.goto('/history');
  await page.locator('.site-header').getByRole('link', { name: 'Transparency Seal' }).click();
  await expect(page).toHaveURL(/\/transparency-seal$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transparency Seal' })).toBeVisible();
  await expect(page.locator('.seal-item h2')).toHaveText(
    content.transparencySeal.items.map((item) => localize(item.title, 'en').text),
  );
});

test('every link on /transparency-seal answers 200', async ({ page }) => {
  await page.goto('/transparency-seal');
  const hrefs = await page
    .locator('.seal-links a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  // The page shows exactly the content's links, so checking them checks the page.
  expect(new Set(hrefs)).toEqual(new Set(sealLinks));
  expect(sealLinks.length).toBeGreaterThan(8);
  const statuses = await Promise.all(
    sealLinks.map(async (href) => [href, (await page.request.get(href)).status()] as const),
  );
  expect(statuses).toEqual(sealLinks.map((href) => [href, 200]));
});

for (const viewport of axeViewports) {
  test(`/transparency-seal has no axe violations at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const response = await page.goto('/transparency-seal');
    expect(response?.status()).toBe(200);
    await expectNoAxeViolations(page);
  });
}

test('the Transparency entries of the menu are reachable by keyboard', async ({ page }) => {
  expect(transparencyMenu?.kind).toBe('group');
  const entries = transparencyMenu?.kind === 'group' ? transparencyMenu.items : [];
  expect(entries.map((entry) => entry.href)).toEqual([
    '/full-disclosure',
    '/transparency-seal',
    '/accounting',
  ]);
  await page.goto('/history');
  // Keys pressed while the page hydrates can be lost: the clock shows once it has.
  await expect(page.locator('.clock time')).toBeVisible();
  const toggle = page.locator('.menu-toggle');
  await tabTo(page, toggle, 10);
  await page.keyboard.press('Enter');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  const group = nav.locator('summary', { hasText: 'Transparency' });
  await tabTo(page, group, 20);
  await page.keyboard.press('Enter');
  // The sub-menu slides open; its links take focus once they are shown.
  await expect(nav.getByRole('link', { name: 'Full Disclosure', exact: true })).toBeVisible();
  for (const entry of entries) {
    await page.keyboard.press('Tab');
    await expect(
      nav.getByRole('link', { name: localize(entry.title, 'en').text, exact: true }),
    ).toBeFocused();
  }
  // Back to the seal index and follow it with Enter.
  await page.keyboard.press('Shift+Tab');
  await expect(nav.getByRole('link', { name: 'Transparency Seal', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/transparency-seal$/);
});
