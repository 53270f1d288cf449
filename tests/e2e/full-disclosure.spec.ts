import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { databasePath } from '../../db/connection.ts';
import { openMigratedDatabase } from '../../db/database-startup.ts';
import { createStaff } from '../../db/staff-accounts/staff-accounts.ts';
import { hashPassword } from '../../server/auth/password-hash.ts';
import { axeViewports, expectNoAxeViolations } from './axe.ts';
import { e2eDataDir } from './browser.ts';
import { signInThroughForm, STAFF_PASSWORD } from './staff.ts';

const CHARTER_PDF = path.resolve(
  import.meta.dirname,
  '../../content/media/citizens-charter-2025.pdf',
);
const WORKBOOK = path.resolve(
  import.meta.dirname,
  '../fixtures/full-disclosure/sef-utilization-q1.xlsx',
);

/** A fresh account with the transparency role in the e2e server's database. */
async function transparencyAccount(): Promise<string> {
  const email = `transparency-${randomBytes(4).toString('hex')}@san-isidro.gov.ph`;
  const database = await openMigratedDatabase(databasePath(e2eDataDir));
  try {
    await createStaff(database, {
      email,
      displayName: 'Transparency Officer',
      passwordHash: await hashPassword(STAFF_PASSWORD),
      roles: ['transparency'],
    });
  } finally {
    await database.close();
  }
  return email;
}

/** Nothing on the page is wider than the window: the grid became cards. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('the Full Disclosure page', () => {
  for (const viewport of axeViewports) {
    test(`has no axe violations at ${viewport.width}px${viewport.width < 768 ? ', the grid as cards' : ''}`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/full-disclosure');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Full Disclosure Policy Documents',
      );
      await expect(page.getByRole('list', { name: /^Summary for fiscal year/ })).toBeVisible();
      await expect(page.getByRole('rowheader', { name: /Annual Budget Report/ })).toBeVisible();
      await expectNoSidewaysScroll(page);
      // On a phone the column headers are hidden from sight; each cell names its period.
      const header = page.getByRole('columnheader', { name: 'Document' }).first();
      if (viewport.width < 768) await expect(header).not.toBeInViewport();
      await expectNoAxeViolations(page);
    });
  }

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the year selector shows another year', async ({ page }) => {
      await page.goto('/full-disclosure');
      const current = await page.getByLabel('Fiscal year', { exact: true }).inputValue();
      const previous = String(Number(current) - 1);
      await page.getByLabel('Fiscal year', { exact: true }).selectOption(previous);
      await page.getByRole('button', { name: 'Show' }).click();
      await expect(page).toHaveURL(new RegExp(`/full-disclosure\\?year=${previous}$`));
      await expect(
        page.getByRole('heading', { name: `Annual documents, ${previous}` }),
      ).toBeVisible();
      await expect(page.getByLabel('Fiscal year', { exact: true })).toHaveValue(previous);
    });
  });
});

test.describe('posting Full Disclosure documents', () => {
  test('a transparency officer posts a PDF and a workbook; the page, the permalink and the staff page pass axe', async ({
    page,
  }) => {
    // Three pages scanned at two widths each: axe needs more than the default 30 seconds here.
    test.setTimeout(180_000);
    const email = await transparencyAccount();
    await signInThroughForm(page, email);
    await page.waitForURL((url) => url.pathname !== '/bac-login');
    await page.goto('/staff/full-disclosure?year=2023');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Post Full Disclosure documents',
    );
    for (const viewport of axeViewports) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
    }

    await page
      .getByLabel('Document', { exact: true })
      .selectOption({ label: 'Annual Budget Report' });
    await page.getByLabel('Fiscal year', { exact: true }).first().fill('2023');
    await page.getByLabel('File (PDF or XLSX)').setInputFiles(CHARTER_PDF);
    await page.getByRole('button', { name: 'Post the document' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Posted.' })).toBeVisible();

    await page.getByLabel('Document', { exact: true }).selectOption({ label: 'SEF Utilization' });
    await page.getByLabel('Quarter', { exact: true }).selectOption('1');
    await page.getByLabel('File (PDF or XLSX)').setInputFiles(WORKBOOK);
    await page.getByRole('button', { name: 'Post the document' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Posted.' })).toBeVisible();

    await page.getByRole('link', { name: 'See the posting and its history' }).click();
    await expect(page).toHaveURL(/\/full-disclosure\/sef-utilization\/2023-q1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('SEF Utilization, Q1 2023');
    for (const viewport of axeViewports) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
    }

    await page.goto('/full-disclosure?year=2023');
    const row = page.getByRole('row', { name: /Annual Budget Report/ });
    await expect(row).toContainText('Posted');
    await expect(row.getByRole('link', { name: /citizens-charter-2025\.pdf/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /SEF Utilization/ })).toContainText('Posted');
    // Posted cells hold the most: file, size, hash and history link.
    for (const viewport of axeViewports) {
      await page.setViewportSize(viewport);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    }
  });

  test('the Filipino staff page posts in Filipino and passes axe', async ({ page }) => {
    test.setTimeout(120_000);
    const email = await transparencyAccount();
    await signInThroughForm(page, email);
    await page.waitForURL((url) => !url.pathname.endsWith('/bac-login'));
    await page.goto('/fil/staff/full-disclosure?year=2022');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Mag-post ng mga dokumento ng Full Disclosure',
    );
    for (const viewport of axeViewports) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
    }
    // The document types are named in Filipino on the Filipino page.
    await page
      .getByLabel('Dokumento', { exact: true })
      .selectOption({ label: 'Ulat ng Taunang Badyet' });
    await page.getByLabel('Taong piskal', { exact: true }).first().fill('2022');
    await page.getByLabel('File (PDF o XLSX)').setInputFiles(CHARTER_PDF);
    await page.getByRole('button', { name: 'I-post ang dokumento' }).click();
    await expect(page).toHaveURL(/\/fil\/staff\/full-disclosure\?/);
    await expect(page.getByRole('status').filter({ hasText: 'Nai-post na.' })).toBeVisible();
    for (const viewport of axeViewports) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
    }
    await page.getByRole('link', { name: 'Tingnan ang nai-post at ang kasaysayan nito' }).click();
    await expect(page).toHaveURL(/\/fil\/full-disclosure\/annual-budget-report\/2022$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Ulat ng Taunang Badyet, FY 2022',
    );
  });
});
