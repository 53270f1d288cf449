import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { databasePath, openDatabase } from '../../db/connection.ts';
import { amendRecord, withdrawRecord } from '../../db/records/record-amendments.ts';
import { insertRecordsNow } from '../../db/records/record-queries.ts';
import { kindByValue, recordKinds, type RecordKind } from '../../shared/record-kinds.ts';
import { axeViewports, expectNoAxeViolations } from './axe.ts';
import { e2eDataDir } from './browser.ts';
import { createStaffAccount, signInThroughForm } from './staff.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';

const svp = kindByValue('svp')!;
const CHARTER = new URL('../../content/media/citizens-charter-2025.pdf', import.meta.url);

/**
 * A published record of a kind, written straight into the e2e server's database, posted
 * far in the future so it heads the staff list of recent records whatever else is there.
 */
async function insertRecord(kind: RecordKind, marker: string): Promise<number> {
  const database = openDatabase(databasePath(e2eDataDir));
  try {
    const [record] = insertRecordsNow(database, kind, [
      {
        values: Object.fromEntries(
          kind.fields
            .filter((field) => !field.optional)
            .map((field) => [
              field.name,
              field.type === 'link'
                ? `https://docs.example.org/${marker}.pdf`
                : `${inEnglish(field.label)} ${marker}`,
            ]),
        ),
        created: new Date(Date.UTC(2050, 0, 1, 0, 0, randomBytes(2).readUInt16BE())),
      },
    ]);
    return record!.id;
  } finally {
    await database.close();
  }
}

/** A record amended once and then withdrawn, so its page shows the whole history. */
async function insertWithdrawnRecord(marker: string): Promise<number> {
  const id = await insertRecord(svp, marker);
  const database = openDatabase(databasePath(e2eDataDir));
  try {
    const author = { actor: 'bac@san-isidro.gov.ph', address: null };
    await amendRecord(database, svp, id, {
      ...author,
      fields: { abc: '2,500,000.00' },
      reason: 'The budget was missing',
      version: 1,
    });
    await withdrawRecord(database, svp, id, { ...author, reason: 'Posted twice' });
  } finally {
    await database.close();
  }
  return id;
}

async function signIn(page: Page) {
  await signInThroughForm(page, await createStaffAccount());
  await expect(page).toHaveURL(/\/bac-input$/);
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? 'record pages' : 'record pages without JavaScript', () => {
    test.use({ javaScriptEnabled: javaScript });

    test('staff upload a document, add the record, and anyone opens its page and downloads the same bytes', async ({
      page,
    }) => {
      const pdf = await readFile(CHARTER);
      const marker = `doc${randomBytes(4).toString('hex')}`;
      await signIn(page);
      if (javaScript) {
        await expect(page.getByRole('button', { name: 'Show the fields' })).toBeHidden();
      }
      await page.getByLabel('Type of record').selectOption(svp.value);
      if (!javaScript) await page.getByRole('button', { name: 'Show the fields' }).click();

      await page
        .getByLabel('Document (PDF, JPEG or PNG)')
        .setInputFiles({ name: `${marker}.pdf`, mimeType: 'application/pdf', buffer: pdf });
      await page.getByRole('button', { name: 'Upload document' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Document uploaded' })).toBeVisible();
      const link = page.getByLabel('Link', { exact: true });
      await expect(link).toHaveValue(new RegExp(`^/documents/[0-9a-f]{64}/${marker}\\.pdf$`));

      await page.getByLabel('Pr Number', { exact: true }).fill(`PR-${marker}`);
      await page.getByLabel('Project Title', { exact: true }).fill(`Works ${marker}`);
      await page.getByLabel('Approved Budget for the Contract (ABC)').fill('1,234,567.89');
      await page.getByRole('button', { name: 'Add' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Add Successful' })).toBeVisible();

      await page.goto(`${svp.route}?q=${marker}`);
      await page.getByRole('link', { name: `Works ${marker}`, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${svp.route}/\\d+$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Works ${marker}`);
      await expect(page.getByText('₱1,234,567.89')).toBeVisible();
      const sha256 = createHash('sha256').update(pdf).digest('hex');
      await expect(page.locator('.record-sha256')).toHaveText(sha256);

      const file = page.getByRole('link', { name: `${marker}.pdf`, exact: true });
      const href = (await file.getAttribute('href'))!;
      const download = await page.request.get(href);
      expect(download.status()).toBe(200);
      expect(download.headers()['content-type']).toBe('application/pdf');
      expect(Buffer.compare(await download.body(), pdf)).toBe(0);
    });

    test('staff edit a record with a reason and its page shows the change', async ({ page }) => {
      const marker = `edit${randomBytes(4).toString('hex')}`;
      const id = await insertRecord(svp, marker);
      await signIn(page);
      await page.getByRole('link', { name: `Edit Project Title ${marker}` }).click();
      await expect(
        page.getByRole('heading', { name: `Edit: Project Title ${marker}` }),
      ).toBeVisible();
      const title = page.locator('#amend-project_title');
      await title.fill(`Project Title ${marker} corrected`);
      await page.getByRole('button', { name: 'Save changes' }).click();
      // The reason is required: nothing is saved and what was typed stays.
      await expect(page.getByRole('alert').filter({ hasText: /reason/i })).toBeVisible();
      await expect(page.locator('#amend-project_title')).toHaveValue(
        `Project Title ${marker} corrected`,
      );

      await page.getByLabel('Reason').fill('The title was misspelt');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByRole('status')).toHaveText(/The record was amended/);
      await page.getByRole('link', { name: 'See the record’s public page' }).click();
      await expect(page).toHaveURL(new RegExp(`${svp.route}/${id}$`));
      const history = page.locator('.record-history');
      await expect(history).toContainText(/Amended on .+: The title was misspelt/);
      await expect(history).toContainText(
        `Project Title: Project Title ${marker} → Project Title ${marker} corrected`,
      );
    });

    test('staff withdraw a record with a reason: it leaves its list and its page says so', async ({
      page,
    }) => {
      const marker = `wd${randomBytes(4).toString('hex')}`;
      const id = await insertRecord(svp, marker);
      await signIn(page);
      await page.getByRole('link', { name: `Withdraw Project Title ${marker}` }).click();
      await page.getByLabel('Reason').fill('Posted under the wrong kind');
      await page.getByRole('button', { name: 'Withdraw record' }).click();
      await expect(page.getByRole('status')).toHaveText(/The record was withdrawn/);
      await expect(
        page.getByRole('link', { name: `Withdraw Project Title ${marker}` }),
      ).toHaveCount(0);

      await page.goto(`${svp.route}/${id}`);
      await expect(page.locator('.record-withdrawn')).toContainText(
        /Withdrawn on .+: Posted under the wrong kind/,
      );
      await page.goto(`${svp.route}?q=${marker}`);
      await expect(page.getByText(`No records match “${marker}”.`)).toBeVisible();
    });

    test('lists filter by Posted from / to, kept in the URL', async ({ page }) => {
      if (javaScript) {
        // With JavaScript a whole date filters at once, like typing in the search box.
        await page.goto(svp.route);
        await expect(page.locator('form.record-search[data-enhanced]')).toBeAttached();
        await page.getByLabel('Posted from').fill('2050-01-01');
        await expect(page).toHaveURL(new RegExp(`${svp.route}\\?from=2050-01-01$`));
      } else {
        await page.goto(`${svp.route}?from=2050-01-01`);
      }
      await expect(page.getByLabel('Posted from')).toHaveValue('2050-01-01');
      await page.getByLabel('to', { exact: true }).fill('2049-12-31');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        /The from date must not be after the to date\./,
      );
    });
  });
}

for (const viewport of axeViewports) {
  test.describe(`record pages accessibility at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a permalink and a withdrawn permalink have no axe violations', async ({ page }) => {
      const id = await insertRecord(svp, `axe${randomBytes(4).toString('hex')}`);
      await page.goto(`${svp.route}/${id}`);
      await expectNoAxeViolations(page);
      const withdrawn = await insertWithdrawnRecord(`axw${randomBytes(4).toString('hex')}`);
      await page.goto(`${svp.route}/${withdrawn}`);
      await expect(page.locator('.record-withdrawn')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('the staff list and its edit and withdraw forms have no axe violations', async ({
      page,
    }) => {
      const marker = `axs${randomBytes(4).toString('hex')}`;
      await insertRecord(svp, marker);
      await signIn(page);
      await expect(page.getByRole('heading', { name: 'Recent records' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: `Edit Project Title ${marker}` }).click();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByRole('alert').filter({ hasText: /reason/i })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: `Withdraw Project Title ${marker}` }).click();
      await expect(page.getByLabel('Reason')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    // One test a list: eight axe scans in one test outran its time on a loaded machine.
    for (const kind of recordKinds) {
      test(`${kind.route} with Date Posted and the date filters has no axe violations`, async ({
        page,
      }) => {
        await page.goto(`${kind.route}?from=2000-01-01&to=2060-12-31`);
        await expect(page.getByLabel('Posted from')).toHaveValue('2000-01-01');
        await expectNoAxeViolations(page);
      });
    }
  });
}
