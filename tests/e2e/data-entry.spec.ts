import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { PROCUREMENT_MODES, recordKinds, type RecordKind } from '../../shared/record-kinds.ts';
import {
  chooseType,
  createStaffAccount,
  fillFields,
  sampleValues,
  signInThroughForm,
} from './staff.ts';

/** Ids used by more than one element of the page. */
function duplicateIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const element of document.querySelectorAll('[id]')) {
      seen.set(element.id, (seen.get(element.id) ?? 0) + 1);
    }
    return [...seen].filter(([, count]) => count > 1).map(([id]) => id);
  });
}

/** One "Upload document" box, and no id twice: what a render after hydration used to break. */
async function expectOneUploadBox(page: Page) {
  await expect(page.getByRole('button', { name: 'Upload document' })).toHaveCount(1);
  await expect(page.locator('input[type=file]')).toHaveCount(1);
  expect(await duplicateIds(page)).toEqual([]);
}

async function signIn(page: Page) {
  await signInThroughForm(page, await createStaffAccount());
  await expect(page).toHaveURL(/\/bac-input$/);
}

/** The status line of an Add: the original's words, then the record it names, linked. */
function addedMessage(page: Page, title: string) {
  return page.getByRole('status').filter({ hasText: `Added: ${title} (view it)` });
}

test.describe('the data-entry page', () => {
  recordKinds.forEach((kind, index) => {
    const other = recordKinds[(index + 1) % recordKinds.length]!;
    test(`opened on ${kind.value}, switched to ${other.value} and added twice, has one upload box`, async ({
      page,
    }) => {
      await signIn(page);
      await page.goto(`/bac-input?type=${kind.value}`);
      await expect(page.getByRole('button', { name: 'Show the fields' })).toBeHidden();
      await expectOneUploadBox(page);

      await chooseType(page, other, true);
      await expectOneUploadBox(page);
      await chooseType(page, kind, true);
      await expectOneUploadBox(page);

      const values = sampleValues(kind, `once${randomBytes(4).toString('hex')}`);
      await fillFields(page, values, kind);
      await page.getByRole('button', { name: 'Add' }).click();
      await expect(addedMessage(page, values[kind.nameField]!)).toBeVisible();
      await expectOneUploadBox(page);
      await page.getByRole('button', { name: 'Add' }).click();
      await expect(page.getByRole('status')).toContainText('already sent');
      await expectOneUploadBox(page);
    });
  });
});

const svp = recordKinds.find((kind) => kind.value === 'svp')!;
const award = recordKinds.find((kind) => kind.value === 'notice_of_award')!;

async function listRows(page: Page, kind: RecordKind, marker: string) {
  await page.goto(`${kind.route}?q=${marker}`);
  return page.locator('tbody tr');
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? 'add twice' : 'add twice without JavaScript', () => {
    test.use({ javaScriptEnabled: javaScript });

    test('Add pressed twice stores one record, links to it, and Clear the form starts anew', async ({
      page,
    }) => {
      await signIn(page);
      await chooseType(page, svp, javaScript);
      const marker = `twice${randomBytes(4).toString('hex')}`;
      const values = sampleValues(svp, marker);
      await fillFields(page, values, svp);
      await page.getByRole('button', { name: 'Add' }).click();
      const title = values.project_title!;
      await expect(addedMessage(page, title)).toContainText('Add Successful');

      // The fields keep their values, as the original's did; Add again stores nothing new.
      await expect(page.getByLabel('Project Title', { exact: true })).toHaveValue(title);
      await page.getByRole('button', { name: 'Add' }).click();
      await expect(addedMessage(page, title)).toContainText('already sent');

      const view = page.getByRole('link', { name: 'view it' });
      const permalink = await view.getAttribute('href');
      expect(permalink).toMatch(new RegExp(`^${svp.route}/\\d+$`));
      await page.getByRole('button', { name: 'Add' }).click();
      await expect(addedMessage(page, title)).toContainText('already sent');
      await expect(page.getByRole('link', { name: 'view it' })).toHaveAttribute('href', permalink!);

      await page.getByRole('link', { name: 'Clear the form' }).click();
      await expect(page.getByLabel('Project Title', { exact: true })).toHaveValue('');
      await expect(page.getByRole('status').filter({ hasText: 'Added:' })).toHaveCount(0);
      // A cleared form is a new form: the same values now make a second record.
      await fillFields(page, values, svp);
      await page.getByRole('button', { name: 'Add' }).click();
      await expect(addedMessage(page, title)).toContainText('Add Successful');
      const second = await page.getByRole('link', { name: 'view it' }).getAttribute('href');
      expect(second).not.toBe(permalink);

      await expect(await listRows(page, svp, marker)).toHaveCount(2);
      await page.goto(permalink!);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    });

    test('a mode of procurement is chosen from the list, or typed after Other', async ({
      page,
    }) => {
      await signIn(page);
      await chooseType(page, award, javaScript);
      const mode = page.getByLabel('Mode of Procurement', { exact: true });
      const offered = await mode.locator('option').allTextContents();
      for (const listed of ['Public Bidding', 'Negotiated Procurement (Emergency Cases)']) {
        expect(offered).toContain(listed);
      }
      expect(offered.length).toBe(PROCUREMENT_MODES.length + 2);

      const marker = `mode${randomBytes(4).toString('hex')}`;
      const listed: Record<string, string> = {
        ...sampleValues(award, marker),
        mode_of_procurement: 'Direct Contracting',
      };
      await fillFields(page, listed, award);
      await page.getByRole('button', { name: 'Add' }).click();
      await expect(addedMessage(page, listed.project_title!)).toBeVisible();

      await page.getByRole('link', { name: 'Clear the form' }).click();
      // Filled before the new form replaces it, the old form's "Other" box goes with it.
      await expect(page.getByLabel('Project Title', { exact: true })).toHaveValue('');
      const typed: Record<string, string> = {
        ...sampleValues(award, marker),
        mode_of_procurement: 'Pakyaw Contract',
        project_title: `Second project ${marker}`,
      };
      await fillFields(page, typed, award);
      await page.getByRole('button', { name: 'Add' }).click();
      await expect(addedMessage(page, typed.project_title!)).toBeVisible();

      const rows = await listRows(page, award, marker);
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: 'Second' })).toContainText('Pakyaw Contract');
      await expect(rows.filter({ hasNotText: 'Second' })).toContainText('Direct Contracting');
    });

    test('the two forms say in what order they are used', async ({ page }) => {
      await signIn(page);
      await chooseType(page, svp, javaScript);
      const steps = page.getByRole('heading', { level: 3 });
      await expect(steps).toHaveText(['1. Upload the document', '2. Add the record']);
      await expect(
        page
          .getByRole('region', { name: '1. Upload the document' })
          .getByRole('button', { name: 'Upload document' }),
      ).toBeVisible();
      await expect(
        page
          .getByRole('region', { name: '2. Add the record' })
          .getByRole('button', { name: 'Add' }),
      ).toBeVisible();
    });
  });
}
