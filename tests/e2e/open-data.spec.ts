/**
 * The /open-data page (issue 13): every dataset in every format, reached from the footer,
 * with no accessibility violation. The browser tests' server has no SITE_URL, so the page
 * says the feeds and OCDS are unavailable there, and the downloads it links work.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { loadContent } from '../../server/content/load.ts';
import { recordKinds } from '../../shared/record-kinds.ts';
import { axeViewports, expectNoAxeViolations } from './axe.ts';

const { site } = await loadContent(path.resolve('content'));

test.describe('open data page', () => {
  for (const viewport of axeViewports) {
    test(`has no axe violations at ${viewport.width}×${viewport.height}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/open-data');
      await expect(page.getByRole('heading', { level: 1, name: 'Open Data' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('is linked from the footer of every page', async ({ page }) => {
    await page.goto('/history');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Open data: downloads, feeds and OCDS' })
      .click();
    await expect(page).toHaveURL(/\/open-data$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Open Data' })).toBeVisible();
  });

  test('links every list in every format, the OCDS data, the API, the terms and the cadence', async ({
    page,
  }) => {
    await page.goto('/open-data');
    const main = page.getByRole('main');
    for (const kind of recordKinds) {
      await expect(main.getByRole('link', { name: kind.label, exact: true })).toHaveAttribute(
        'href',
        kind.route,
      );
      for (const [extension, name] of [
        ['csv', 'CSV spreadsheet'],
        ['json', 'JSON data'],
        ['atom', 'Atom feed'],
      ] as const) {
        await expect(
          main.getByRole('link', { name: `${name} of ${kind.label}`, exact: true }),
        ).toHaveAttribute('href', `${kind.route}.${extension}`);
      }
    }
    for (const [name, href] of [
      ['the Atom feed of every procurement notice', '/procurement.atom'],
      ['The OCDS release package', '/ocds/releases.json'],
      ['The API description (OpenAPI 3)', '/openapi.json'],
      [site.openData.license.label, site.openData.license.url],
    ] as const) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(main).toContainText(site.openData.updateCadence);
    await expect(main).toContainText(`${site.openData.ocidPrefix}-`);
    await expect(main.getByRole('note')).toContainText('SITE_URL');
  });

  test('its download and API links answer', async ({ page, request }) => {
    await page.goto('/open-data');
    const hrefs = await page
      .getByRole('main')
      .locator('a[href$=".csv"], a[href$=".json"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    const local = hrefs.filter((href) => !href.startsWith('/ocds/'));
    expect(local).toHaveLength(recordKinds.length * 2 + 1);
    for (const href of local) {
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
    }
  });
});
