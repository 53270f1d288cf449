import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { createStaffAccount, signInThroughForm } from './staff.ts';
import { expectNoAxeViolations } from './axe.ts';
import { onPhoneAndDesktop } from './project-pages.ts';

// The abstract of bids (issue 34): the BAC enters a bid on the staff page's plain form, with
// JavaScript and without; a resident reads the table on the project page, on a phone and a
// desktop, in both languages.
const SCRIPTING = [true, false] as const;

for (const javaScript of SCRIPTING) {
  test.describe(
    javaScript ? 'the abstract of bids' : 'the abstract of bids without JavaScript',
    () => {
      test.use({ javaScriptEnabled: javaScript });

      test('staff enter a bid and the project page shows the table', async ({ page }) => {
        // Two forms and five pages, four of them scanned by axe: more than the default allows.
        test.setTimeout(90_000);
        const marker = `bids${randomBytes(4).toString('hex')}`;
        await signInThroughForm(page, await createStaffAccount());
        await expect(page).toHaveURL(/\/bac-input$/);
        const token = (
          (await (await page.request.get('/api/session')).json()) as { csrfToken: string }
        ).csrfToken;
        const invitation = await page.request.post('/api/records/public_bidding', {
          data: {
            bid_number: `ITB-${marker}`,
            project_title: `Footbridge of Sitio Ilaya ${marker}`,
            abc: '1,000,000.00',
            closing_date: '2026-03-10T10:00',
            link: 'https://example.org/itb.pdf',
          },
          headers: { 'x-csrf-token': token },
        });
        expect(invitation.status()).toBe(201);
        const list = await (await page.request.get(`/api/procurements?q=${marker}`)).json();
        const ocid = list.items[0].ocid as string;

        await page.goto(`/staff/procurement/${ocid}/bids`);
        // A refused bid comes back with the field marked and what was typed kept.
        await page.getByLabel('Bidder').fill(`Tulay Builders ${marker}`);
        await page.getByLabel('Bid amount (₱)').fill('980,000.00');
        await page.getByLabel('Outcome').selectOption('withdrawn');
        await page.getByRole('button', { name: 'Add the bid' }).click();
        await expect(page.getByTestId('form-message-error')).toContainText(
          'The bid was not stored',
        );
        await expect(page.getByLabel('Bidder')).toHaveValue(`Tulay Builders ${marker}`);
        await page.getByLabel('Outcome').selectOption('lcrb');
        await page.getByRole('button', { name: 'Add the bid' }).click();
        await expect(page.getByTestId('form-message-success')).toContainText('Bid added');
        if (javaScript) await expectNoAxeViolations(page);

        await onPhoneAndDesktop(page, ocid, async () => {
          const table = page.getByRole('table', { name: 'The bids, lowest amount first' });
          await expect(
            table.getByRole('rowheader', { name: `Tulay Builders ${marker}` }),
          ).toBeVisible();
          await expect(table.getByRole('cell', { name: '₱980,000.00' })).toBeVisible();
          await expect(
            table.getByRole('cell', { name: 'Lowest calculated responsive bid (LCRB)' }),
          ).toBeVisible();
          await expect(page.getByText('Number of bidders: 1')).toBeVisible();
          if (javaScript) await expectNoAxeViolations(page);
        });
        await page.goto(`/fil/procurement/${ocid}`);
        await expect(page.getByText('Bilang ng bidder: 1')).toBeVisible();
        if (javaScript) await expectNoAxeViolations(page);
      });
    },
  );
}
