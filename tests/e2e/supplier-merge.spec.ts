/**
 * A likely same company (issue 34): two spellings of one supplier that fold nearly alike are
 * suggested on /staff/suppliers; a BAC member chooses the name to keep, gives a reason and
 * confirms, and the kept supplier's page then shows the other as "also written as", while
 * the merged name's address leads there. Without JavaScript, as the forms are plain.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { databasePath, openDatabase } from '../../db/connection.ts';
import { insertRecordsNow } from '../../db/records/record-queries.ts';
import { kindByValue } from '../../shared/record-kinds.ts';
import { expectNoAxeViolations } from './axe.ts';
import { e2eDataDir } from './browser.ts';
import { awardNotice } from './record-fixtures.ts';
import { createStaffAccount, signInThroughForm } from './staff.ts';

const award = kindByValue('notice_of_award')!;
const SCRIPTING = [true, false] as const;
const markers = SCRIPTING.map(() => `mg${randomBytes(4).toString('hex')}`);

test.beforeAll(async () => {
  const database = openDatabase(databasePath(e2eDataDir));
  try {
    for (const marker of markers) {
      insertRecordsNow(database, award, [
        {
          values: awardNotice(
            marker,
            `Liwanag ${marker} Builders`,
            'Drainage of Purok 5',
            '700000.00',
          ),
        },
        {
          values: awardNotice(
            marker,
            `Liwanag ${marker} Buiders`,
            'Repair of Day Care Center',
            '300000.00',
          ),
        },
      ]);
    }
  } finally {
    await database.close();
  }
});

for (const [n, javaScript] of SCRIPTING.entries()) {
  const marker = markers[n]!;
  const kept = `Liwanag ${marker} Builders`;
  const typo = `Liwanag ${marker} Buiders`;
  test.describe(javaScript ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: javaScript });
    // Sign-in, a staff page listing every suggestion and two axe runs: more than the default.
    test.slow();
    test(`a BAC member confirms one suggested merge${javaScript ? '' : ' without JavaScript'}, and the supplier page shows it`, async ({
      page,
    }) => {
      await signInThroughForm(page, await createStaffAccount());
      await expect(page).toHaveURL(/\/bac-input$/);
      await page.goto('/staff/suppliers');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Suppliers: likely same company' }),
      ).toBeVisible();
      const suggestion = page.locator('section.staff-suggestion').filter({ hasText: marker });
      await expect(suggestion).toHaveCount(1);
      await expect(suggestion.getByRole('heading', { level: 2 })).toContainText(
        'spelled almost alike',
      );
      if (javaScript) await expectNoAxeViolations(page);

      // Without a reason the browser asks for one; the server refuses too (tested elsewhere).
      await suggestion.getByRole('radio', { name: kept }).check();
      await suggestion.getByLabel('Reason for merging').fill('Same PhilGEPS registration on both');
      await suggestion.getByRole('button', { name: 'Merge into the kept name' }).click();
      await expect(page.getByTestId('form-message-success')).toContainText('Merged.');
      await expect(
        page.locator('section.staff-suggestion').filter({ hasText: marker }),
      ).toHaveCount(0);

      await page.getByTestId('form-message-success').getByRole('link').click();
      const id = `liwanag-${marker}-builders`;
      await expect(page).toHaveURL(new RegExp(`/suppliers/${id}$`));
      await expect(page.getByText(`Also written as: ${typo}`)).toBeVisible();
      await expect(page.getByText('2 awards, ₱1,000,000.00 in total.')).toBeVisible();
      if (javaScript) await expectNoAxeViolations(page);

      // The merged spelling's own address leads to the kept supplier.
      await page.goto(`/fil/suppliers/liwanag-${marker}-buiders`);
      await expect(page).toHaveURL(new RegExp(`/fil/suppliers/${id}$`));
      await expect(page.getByText(`Isinusulat din bilang: ${typo}`)).toBeVisible();
    });
  });
}
