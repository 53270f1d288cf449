import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { databasePath } from '../../db/connection.ts';
import { openMigratedDatabase } from '../../db/database-startup.ts';
import { createStaff } from '../../db/staff-accounts.ts';
import { hashPassword } from '../../server/auth/password-hash.ts';
import { SEVERITY_LABELS, type Severity } from '../../shared/advisories.ts';
import { toDateTimeLocal } from '../../shared/manila-time.ts';
import { axeViewports, expectNoAxeViolations } from './axe.ts';
import { e2eDataDir } from './browser.ts';
import { signInThroughForm, STAFF_PASSWORD } from './staff.ts';

process.env.ARGON2_TEST_COST = 'low';

/** A fresh public information officer in the e2e server's database, as the CLI would add one. */
async function createInformationOfficer(): Promise<string> {
  const email = `pio-${randomBytes(4).toString('hex')}@san-isidro.gov.ph`;
  const database = await openMigratedDatabase(databasePath(e2eDataDir));
  try {
    await createStaff(database, {
      email,
      displayName: 'Public Information Office',
      passwordHash: await hashPassword(STAFF_PASSWORD),
      roles: ['information'],
    });
  } finally {
    await database.close();
  }
  return email;
}

/** Manila time as the form's date-time input takes it, `hours` from now. */
const manilaIn = (hours: number) =>
  toDateTimeLocal(new Date(Date.now() + hours * 3_600_000).toISOString());

/** Posts an advisory through /staff/advisories, starting now (the form's default start). */
async function postAdvisory(page: Page, severity: Severity, title: string) {
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
async function endAdvisory(page: Page, title: string) {
  await page.goto('/staff/advisories');
  await page.getByRole('link', { name: `Correct or end “${title}”` }).click();
  await page.getByLabel('Reason').last().fill('Test over.');
  await page.getByRole('button', { name: 'End now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Advisory ended' })).toBeVisible();
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? 'advisories' : 'advisories without JavaScript', () => {
    test.use({ javaScriptEnabled: javaScript });

    test('an information officer posts an advisory and a resident sees its banner on every page', async ({
      page,
      browser,
    }) => {
      const email = await createInformationOfficer();
      const resident = await browser.newContext();
      try {
        // A resident already reading the site, with JavaScript, before the advisory exists.
        const reader = await resident.newPage();
        await reader.goto('/');
        await expect(reader.locator('footer')).toBeVisible();

        await signInThroughForm(page, email);
        await expect(page).toHaveURL(/\/bac-input$/);
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
  });
}

test('advisory pages and every severity of banner pass axe at 360 px and on a desktop', async ({
  page,
}) => {
  // Three posts, eight axe scans and three early ends.
  test.setTimeout(120_000);
  const email = await createInformationOfficer();
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/bac-input$/);
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
