/**
 * The /open-data page (issue 13): every dataset in every format, reached from the footer,
 * with no accessibility violation. The browser tests' server runs as the README's first
 * run does (no SITE_URL, loopback), so every link on the page works, feeds and OCDS
 * included (issue 19), and the page says the demo content's OCDS prefix is a placeholder.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { loadContent } from '../../server/content/load.ts';
import { OCID_PREFIX_REGISTRATION_URL } from '../../shared/open-data/ocds-prefix.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';
import { recordKinds } from '../../shared/record-kinds.ts';
import {
  axeViewports,
  expectNoAxeViolations,
  expectNoAxeViolationsWithoutJavaScript,
} from './axe.ts';
import { localize } from '../../shared/i18n/localized-text.ts';

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
      await expect(
        main.getByRole('link', { name: inEnglish(kind.label), exact: true }),
      ).toHaveAttribute('href', kind.route);
      for (const [extension, name] of [
        ['csv', 'CSV spreadsheet'],
        ['json', 'JSON data'],
        ['atom', 'Atom feed'],
      ] as const) {
        await expect(
          main.getByRole('link', { name: `${name} of ${inEnglish(kind.label)}`, exact: true }),
        ).toHaveAttribute('href', `${kind.route}.${extension}`);
      }
    }
    for (const [name, href] of [
      ['the Atom feed of every procurement notice', '/procurement.atom'],
      ['The OCDS release package', '/ocds/releases.json'],
      ['The API description (OpenAPI 3)', '/openapi.json'],
      [localize(site.openData.license.label, 'en').text, site.openData.license.url],
    ] as const) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(main).toContainText(localize(site.openData.updateCadence, 'en').text);
    await expect(main).toContainText(`${site.openData.ocidPrefix}-`);
    const note = main.getByRole('note');
    await expect(note).toContainText(`${site.openData.ocidPrefix} is a placeholder prefix`);
    await expect(
      note.getByRole('link', { name: 'How a publisher registers an ocid prefix' }),
    ).toHaveAttribute('href', OCID_PREFIX_REGISTRATION_URL);
  });

  test('every link of the page to this site answers, feeds and OCDS included', async ({
    page,
    request,
  }) => {
    await page.goto('/open-data');
    const hrefs = await page
      .getByRole('main')
      .locator('a[href^="/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    const local = hrefs.filter((href) => !href.startsWith('//'));
    // Each list's page, CSV, JSON and Atom; the suppliers' page and CSV; the feed of all;
    // OCDS (the release package, the paged record packages, the quality checks); the API description.
    expect(local).toHaveLength(recordKinds.length * 4 + 2 + 5);
    expect(local).toEqual(expect.arrayContaining(['/ocds/records.json', '/open-data/quality']));
    expect(local).toEqual(expect.arrayContaining(['/suppliers', '/suppliers.csv']));
    for (const href of local) {
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
    }
  });
});

/**
 * /open-data/quality (issue 35): the checks of the site's own OCDS output, reached from
 * /open-data, readable on a 360 px phone without sideways scrolling, in both languages,
 * with no axe violation, with JavaScript and without.
 */
test.describe('OCDS quality page', () => {
  for (const viewport of axeViewports) {
    for (const [path, title] of [
      ['/open-data/quality', 'Quality of the OCDS data'],
      ['/fil/open-data/quality', 'Kalidad ng datos na OCDS'],
    ] as const) {
      test(`${path} has no axe violations at ${viewport.width}×${viewport.height}`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expectNoAxeViolations(page);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(viewport.width);
      });
    }
  }

  test('is reached from /open-data and names the placeholder prefix, without JavaScript too', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/open-data');
    await page
      .getByRole('main')
      .getByRole('link', { name: 'Quality of the OCDS data: the checks and what they found' })
      .click();
    await expect(page).toHaveURL(/\/open-data\/quality$/);
    const prefix = page.getByRole('region', { name: 'A registered ocid prefix' });
    await expect(prefix).toContainText('Problems found: 1');
    await expect(prefix).toContainText(
      `the ocid prefix ${site.openData.ocidPrefix} is the placeholder`,
    );
    await expect(
      page.getByRole('region', { name: 'Valid against the OCDS 1.1.5 schema' }),
    ).toContainText('Passed');
    await expectNoAxeViolationsWithoutJavaScript(page, '/open-data/quality');
  });
});
