import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { SEVERITY_LABELS, type Severity } from '../../shared/advisories/advisories.ts';
import { axeViewports, expectNoAxeViolations } from './axe.ts';
import { publishingServer } from './browser.ts';
import { endAdvisory, manilaIn, postAdvisory } from './information-steps.ts';
import { createAccountWithRoles } from './staff-sign-in.ts';
import { signInThroughForm } from './staff.ts';

// Its own server: the banners posted here must not reach the pages other specs measure.
test.use({ baseURL: publishingServer.baseURL });

for (const javaScript of [true, false]) {
  test.describe(javaScript ? 'advisories' : 'advisories without JavaScript', () => {
    test.use({ javaScriptEnabled: javaScript });

    test('an information officer posts an advisory and a resident sees its banner on every page', async ({
      page,
      browser,
    }) => {
      const email = await createAccountWithRoles(
        ['information'],
        undefined,
        publishingServer.dataDir,
      );
      const resident = await browser.newContext();
      try {
        // A resident already reading the site, with JavaScript, before the advisory exists.
        const reader = await resident.newPage();
        await reader.goto('/');
        await expect(reader.locator('footer')).toBeVisible();

        await signInThroughForm(page, email);
        // News and advisories are two areas: sign-in leads to the staff home.
        await expect(page).toHaveURL(/\/staff$/);
        const title = `Class suspension ${randomBytes(3).toString('hex')}`;
        await postAdvisory(page, 'danger', title);

        // Moving on inside the browser (no full page load) brings the banner too.
        await reader.getByRole('link', { name: 'Open data: downloads, feeds and OCDS' }).click();
        await expect(reader).toHaveURL(/\/open-data$/);
        await expect(reader.getByRole('region', { name: 'Advisories', exact: true })).toContainText(
          `Danger: ${title}`,
        );

        const visit = await resident.newPage();
        for (const path of ['/', '/history', '/advisories']) {
          await visit.goto(path);
          const banner = visit.getByRole('region', { name: 'Advisories', exact: true });
          await expect(banner).toContainText(`Danger: ${title}`);
          // There on arrival, not announced over the page: nothing took the focus.
          expect(await visit.evaluate(() => document.activeElement === document.body)).toBe(true);
        }
        await visit
          .getByRole('region', { name: 'Advisories', exact: true })
          .getByRole('link', { name: title })
          .click();
        await expect(visit.locator('article', { hasText: title })).toBeVisible();

        await endAdvisory(page, title);
        await visit.goto('/');
        await expect(visit.getByText(title)).toHaveCount(0);
      } finally {
        await resident.close();
      }
    });

    test('from /fil/staff/advisories the forms, their refusals and outcomes stay in Filipino', async ({
      page,
    }) => {
      await signInThroughForm(
        page,
        await createAccountWithRoles(['information'], undefined, publishingServer.dataDir),
      );
      await expect(page).toHaveURL(/\/staff$/);
      await page.goto('/fil/staff/advisories');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
      const title = `Walang pasok ${randomBytes(3).toString('hex')}`;
      await page.getByLabel('Antas').first().selectOption('danger');
      await page.getByLabel('Pamagat', { exact: true }).first().fill(title);
      await page.getByLabel('Teksto', { exact: true }).first().fill(`${title}: manatili sa bahay.`);
      // An end before the (default) start: refused beside its input, in Filipino.
      await page.getByLabel('Wakas', { exact: true }).first().fill('2020-01-01T08:00');
      await page.getByRole('button', { name: 'I-post ang paalala' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Ang wakas ay dapat pagkatapos ng simula.' }),
      ).toBeVisible();
      await expect(page.getByLabel('Pamagat', { exact: true }).first()).toHaveValue(title);
      await page.getByLabel('Wakas', { exact: true }).first().fill(manilaIn(0.25));
      await page.getByRole('button', { name: 'I-post ang paalala' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Nai-post na ang paalala.' }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/fil\/staff\/advisories\?done=posted#advisory-\d+$/);

      await page.getByRole('link', { name: `Itama o tapusin “${title}”` }).click();
      await page.getByRole('button', { name: 'Tapusin ngayon' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Ibigay ang dahilan ng pagbabagong ito' }),
      ).toBeVisible();
      await page.getByLabel('Dahilan').last().fill('Tapos na ang pagsubok.');
      await page.getByRole('button', { name: 'Tapusin ngayon' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Tinapos na ang paalala' }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/fil\/staff\/advisories\?done=ended#advisory-\d+$/);
    });
  });
}

test('advisory pages and every severity of banner pass axe at 360 px and on a desktop', async ({
  page,
}) => {
  // Three posts, eight axe scans and three early ends.
  test.setTimeout(120_000);
  const email = await createAccountWithRoles(['information'], undefined, publishingServer.dataDir);
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/staff$/);
  const marker = randomBytes(3).toString('hex');
  const titles = (Object.keys(SEVERITY_LABELS) as Severity[]).map(
    (severity) => [severity, `${SEVERITY_LABELS[severity]} check ${marker}`] as const,
  );
  for (const [severity, title] of titles) await postAdvisory(page, severity, title);
  try {
    for (const viewport of axeViewports) {
      await page.setViewportSize(viewport);
      await page.goto(`/staff/advisories`);
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: `Correct or end “${titles[0]![1]}”` }).click();
      await expect(page.getByRole('button', { name: 'End now' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto('/fil/staff/advisories');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: `Itama o tapusin “${titles[0]![1]}”` }).click();
      await expect(page.getByRole('button', { name: 'Tapusin ngayon' })).toBeVisible();
      await expectNoAxeViolations(page);
      for (const path of ['/', '/advisories']) {
        await page.goto(path);
        const banner = page.getByRole('region', { name: 'Advisories', exact: true });
        for (const [severity, title] of titles)
          await expect(banner).toContainText(`${SEVERITY_LABELS[severity]}: ${title}`);
        await expectNoAxeViolations(page);
      }
    }
  } finally {
    for (const [, title] of titles) await endAdvisory(page, title);
  }
});
