import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { kindByValue, type RecordKind } from '../../shared/record-kinds.ts';
import { expectNoAxeViolations } from './axe.ts';
import { openAsResidentOnPhone } from './project-pages.ts';
import {
  chooseType,
  createStaffAccount,
  fillFields,
  sampleValues,
  signInThroughForm,
} from './staff.ts';

const invitation = kindByValue('public_bidding')!;
const award = kindByValue('notice_of_award')!;

/** Adds one notice through the records desk; answers its permalink. */
async function add(page: Page, kind: RecordKind, values: Record<string, string>): Promise<string> {
  await fillFields(page, values, kind);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const view = page.getByRole('link', { name: 'view it' });
  await expect(view).toBeVisible();
  return (await view.getAttribute('href'))!;
}

for (const javaScript of [true, false]) {
  test.describe(
    javaScript ? 'a procurement project' : 'a procurement project without JavaScript',
    () => {
      test.use({ javaScriptEnabled: javaScript });

      test('staff add an invitation and its award to one project; a resident reads both', async ({
        page,
      }) => {
        // A whole journey: two notices added, then five pages read and scanned.
        test.setTimeout(90_000);
        const marker = `proj${randomBytes(4).toString('hex')}`;
        const title = `Barangay Hall Repair ${marker}`;
        await signInThroughForm(page, await createStaffAccount());
        await expect(page).toHaveURL(/\/bac-input$/);

        // The invitation starts a new project: the choice the form makes unless told.
        await chooseType(page, invitation, javaScript);
        await expect(page.getByRole('radio', { name: /Start a new project/ })).toBeChecked();
        const invitationPath = await add(page, invitation, {
          ...sampleValues(invitation, marker),
          project_title: title,
          // No PhilGEPS reference: the project chosen, not a shared reference, joins them.
          philgeps_reference: '',
          abc: '2,750,000.00',
        });
        await page.getByRole('link', { name: 'Clear the form' }).click();

        // The award finds that project by its title and joins it.
        await chooseType(page, award, javaScript);
        await page.getByLabel(/Find a project by PR number/).fill(marker);
        await page.getByRole('button', { name: 'Find', exact: true }).click();
        const found = page.getByRole('radio', { name: new RegExp(title) });
        await expect(found).toBeVisible();
        const ocid = (await found.getAttribute('value'))!;
        expect(ocid).toMatch(/^ocds-[a-z0-9]{6}-public_bidding-\d+$/);
        await found.check();
        const awardPath = await add(page, award, {
          ...sampleValues(award, marker),
          project_title: title,
          philgeps_reference: '',
          supplier: `Matibay Builders ${marker}`,
          mode_of_procurement: 'Public Bidding',
          contract_amount: '2,600,000.00',
        });

        // A resident reads the whole process on its page, in both languages, on a phone.
        await openAsResidentOnPhone(page, ocid, title);
        // The facts list the supplier and amounts on their own; a red flag may name them again
        // in a sentence when, on this shared database, the supplier holds most of the year's
        // awards in its mode (supplier concentration).
        const facts = page.getByRole('definition');
        await expect(facts.getByText(`Matibay Builders ${marker}`, { exact: true })).toBeVisible();
        await expect(facts.getByText('₱2,750,000.00', { exact: true })).toBeVisible();
        await expect(facts.getByText('₱2,600,000.00', { exact: true })).toBeVisible();
        const timeline = page.locator('.project-timeline > li');
        await expect(timeline).toHaveCount(2);
        await expect(timeline.nth(0).getByRole('link', { name: /Public Bidding/ })).toHaveAttribute(
          'href',
          invitationPath,
        );
        await expect(
          timeline.nth(1).getByRole('link', { name: /Notice of Award/ }),
        ).toHaveAttribute('href', awardPath);
        if (javaScript) await expectNoAxeViolations(page);

        await page.goto(`/fil/procurement/${ocid}`);
        await expect(page.getByRole('heading', { name: 'Takbo ng mga pangyayari' })).toBeVisible();
        await expect(page.locator('.project-timeline > li')).toHaveCount(2);
        if (javaScript) await expectNoAxeViolations(page);

        // Each notice's page says which project it is part of.
        await page.goto(awardPath);
        await page.getByRole('link', { name: title }).click();
        await expect(page).toHaveURL(new RegExp(`/procurement/${ocid}$`));

        // And its row on its list leads there too, on a phone as on a desktop.
        await page.goto(`${award.route}?q=${marker}`);
        const row = page.locator('tbody tr').first();
        await expect(row).toContainText(title);
        await row.getByRole('link', { name: 'Every notice of this procurement' }).click();
        await expect(page).toHaveURL(new RegExp(`/procurement/${ocid}$`));
        if (javaScript) {
          await page.goto(`/fil${award.route}?q=${marker}`);
          await expect(
            page.locator('tbody tr').first().getByRole('link', {
              name: 'Lahat ng abiso ng procurement na ito',
            }),
          ).toHaveAttribute('href', `/fil/procurement/${ocid}`);
          await expectNoAxeViolations(page);
        }
      });
    },
  );
}
