/**
 * Suppliers (issue 34): a resident searches /suppliers for a company, opens it and reads
 * every award it won and its share of the year's awards, in English and in Filipino, on a
 * 360 px phone, with no axe violation and no sideways scrolling.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { databasePath, openDatabase } from '../../db/connection.ts';
import { insertRecordsNow } from '../../db/records/record-queries.ts';
import { kindByValue } from '../../shared/record-kinds.ts';
import { expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript } from './axe.ts';
import { e2eDataDir } from './browser.ts';
import { awardNotice } from './record-fixtures.ts';
import { createStaffAccount, signInThroughForm } from './staff.ts';

const award = kindByValue('notice_of_award')!;
/** In these suppliers' names alone, so the search finds them among other workers' records. */
const marker = `sp${randomBytes(4).toString('hex')}`;
const supplierId = `kalayaan-${marker}-builders`;

const notice = (supplier: string, title: string, amount: string) =>
  awardNotice(marker, supplier, title, amount);

/**
 * A year no other spec posts in, one per worker process: each worker that runs a test of
 * this file inserts its own three notices (the suite is fully parallel), and the share below
 * holds only if that year's awards are this worker's alone.
 */
let year = 0;

test.beforeAll(async () => {
  year = 2200 + test.info().workerIndex;
  const database = openDatabase(databasePath(e2eDataDir));
  try {
    // Kalayaan won 1,000,000 of the year's 4,000,000 (25%), under two spellings of one name.
    insertRecordsNow(database, award, [
      {
        values: notice(
          `Kalayaan ${marker} Builders, Inc.`,
          'Concreting of Purok 3 Road',
          '600000.00',
        ),
        created: new Date(`${year}-02-03T02:00:00.000Z`),
      },
      {
        values: notice(`Bagong Silang ${marker} Trading`, 'Supply of School Chairs', '3000000.00'),
        created: new Date(`${year}-03-03T02:00:00.000Z`),
      },
      {
        values: notice(`KALAYAAN ${marker} BUILDERS INC`, 'Repair of Barangay Hall', '400000.00'),
        created: new Date(`${year}-05-03T02:00:00.000Z`),
      },
    ]);
  } finally {
    await database.close();
  }
});

test.use({ viewport: { width: 360, height: 740 } });

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

const languages = [
  {
    prefix: '',
    list: 'Suppliers',
    share: 'Share',
    awardsHeading: 'Awards won',
  },
  {
    prefix: '/fil',
    list: 'Mga Supplier',
    share: 'Bahagi',
    awardsHeading: 'Mga napanalunang gawad',
  },
] as const;

for (const lang of languages) {
  test(`a resident finds a supplier and its awards at ${lang.prefix}/suppliers`, async ({
    page,
  }) => {
    await page.goto(`${lang.prefix}/bids-and-awards`);
    await page.getByRole('link', { name: /supplier/i }).click();
    await expect(page).toHaveURL(new RegExp(`${lang.prefix}/suppliers$`));
    await expect(page.getByRole('heading', { level: 1, name: lang.list })).toBeVisible();

    const box = page.getByRole('searchbox');
    await box.fill(marker.toUpperCase());
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`\\?q=${marker.toUpperCase()}`));
    const rows = page.locator('.record-table tbody tr');
    await expect(rows).toHaveCount(2);
    // Highest awarded value first; the two spellings are one supplier with two awards.
    await expect(rows.nth(0)).toContainText(`Bagong Silang ${marker} Trading`);
    await expect(rows.nth(1)).toContainText(`KALAYAAN ${marker} BUILDERS INC`);
    await expect(rows.nth(1)).toContainText('₱1,000,000.00');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    await rows.nth(1).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`${lang.prefix}/suppliers/${supplierId}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `KALAYAAN ${marker} BUILDERS INC` }),
    ).toBeVisible();
    await expect(page.getByText(`Kalayaan ${marker} Builders, Inc.`)).toBeVisible();
    const years = page.locator('.record-table').nth(0);
    await expect(years).toContainText(String(year));
    await expect(years).toContainText('₱4,000,000.00');
    await expect(years).toContainText('25.00%');
    await expect(years).toContainText(lang.share);
    await expect(page.getByRole('heading', { level: 2, name: lang.awardsHeading })).toBeVisible();
    const awards = page.locator('.record-table').nth(1).locator('tbody tr');
    await expect(awards).toHaveCount(2);
    await expect(awards.nth(0)).toContainText('₱400,000.00');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // Each award links to its notice's page.
    await awards
      .nth(1)
      .getByRole('link', { name: `Concreting of Purok 3 Road ${marker}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`${lang.prefix}/notice-of-award/\\d+$`));
  });
}

test('the supplier pages pass axe without JavaScript', async ({ page }) => {
  await expectNoAxeViolationsWithoutJavaScript(page, `/suppliers?q=${marker}`);
  await expectNoAxeViolationsWithoutJavaScript(page, `/fil/suppliers/${supplierId}`);
});

/**
 * A bidder that never won (issue 34): the BAC builds a project through the API (invitation,
 * then two bids), and a resident follows each bidder from the project's abstract of bids to
 * its supplier page, which lists the project with the bid's outcome and amount.
 */
test('a resident follows a bidder from the abstract of bids to its supplier page', async ({
  page,
}) => {
  const tag = `bd${randomBytes(4).toString('hex')}`;
  await signInThroughForm(page, await createStaffAccount());
  await expect(page).toHaveURL(/\/bac-input$/);
  const token = ((await (await page.request.get('/api/session')).json()) as { csrfToken: string })
    .csrfToken;
  const headers = { 'x-csrf-token': token };
  const invitation = await page.request.post('/api/records/public_bidding', {
    data: {
      bid_number: `ITB-${tag}`,
      project_title: `Multipurpose Hall ${tag}`,
      abc: '2,000,000.00',
      closing_date: '2026-03-10T10:00',
      link: 'https://example.org/itb.pdf',
    },
    headers,
  });
  expect(invitation.status()).toBe(201);
  const ocid = (await (await page.request.get(`/api/procurements?q=${tag}`)).json()).items[0]
    .ocid as string;
  for (const bid of [
    { bidder: `Tibay ${tag} Construction, Inc.`, amount: '1,900,000.00', outcome: 'lcrb' },
    {
      bidder: `Bagwis ${tag} Builders`,
      amount: '1,750,000.00',
      outcome: 'failed-eligibility',
      reason: 'Expired mayor’s permit',
    },
  ]) {
    const added = await page.request.post(`/api/procurements/${ocid}/bids`, {
      data: bid,
      headers,
    });
    expect(added.status()).toBe(201);
  }
  await page.context().clearCookies();

  for (const lang of [
    { prefix: '', outcome: 'Failed: eligibility', none: 'No award won yet.' },
    { prefix: '/fil', outcome: 'Hindi pumasa: eligibility', none: 'Wala pang napanalunang gawad.' },
  ]) {
    await page.goto(`${lang.prefix}/procurement/${ocid}`);
    await page.getByRole('link', { name: `Bagwis ${tag} Builders` }).click();
    await expect(page).toHaveURL(new RegExp(`${lang.prefix}/suppliers/bagwis-${tag}-builders$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Bagwis ${tag} Builders` }),
    ).toBeVisible();
    await expect(page.getByText(lang.none)).toBeVisible();
    const bids = page.locator('.record-table tbody tr');
    await expect(bids).toHaveCount(1);
    await expect(bids.nth(0)).toContainText(`Multipurpose Hall ${tag}`);
    await expect(bids.nth(0)).toContainText('₱1,750,000.00');
    await expect(bids.nth(0)).toContainText(lang.outcome);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    // The project links back.
    await bids
      .nth(0)
      .getByRole('link', { name: `Multipurpose Hall ${tag}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`${lang.prefix}/procurement/`));
  }

  // Listed among the suppliers with nothing awarded (no notice of award is posted yet), by id.
  await page.goto(`/suppliers?q=${tag}`);
  const rows = page.locator('.record-table tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Bagwis ${tag} Builders`);
  await expect(rows.nth(0)).toContainText('₱0.00');
  await expect(rows.nth(1)).toContainText(`Tibay ${tag} Construction, Inc.`);
  await expectNoAxeViolationsWithoutJavaScript(page, `/suppliers/bagwis-${tag}-builders`);
});
