import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { createStaffAccount, signInThroughForm } from './staff.ts';

// The contract amount's path on a project page (issue 34): staff add the notices and an
// amendment through the JSON API with their session; a resident reads it on a phone, in both
// languages, without JavaScript and with it.
for (const javaScript of [true, false]) {
  test.describe(
    javaScript ? 'a contract amendment' : 'a contract amendment without JavaScript',
    () => {
      test.use({ javaScriptEnabled: javaScript });

      test('raises the contract amount and the project page shows its path', async ({ page }) => {
        const marker = `amend${randomBytes(4).toString('hex')}`;
        await signInThroughForm(page, await createStaffAccount());
        await expect(page).toHaveURL(/\/bac-input$/);
        const token = (
          (await (await page.request.get('/api/session')).json()) as {
            csrfToken: string;
          }
        ).csrfToken;
        const post = async (url: string, data: object) => {
          const response = await page.request.post(url, {
            data,
            headers: { 'x-csrf-token': token },
          });
          expect(response.status(), await response.text()).toBe(201);
          return response.json();
        };
        const invitation = await post('/api/records/public_bidding', {
          bid_number: `ITB-${marker}`,
          project_title: `Drainage of Purok 5 ${marker}`,
          abc: '1,000,000.00',
          closing_date: '2026-03-10T10:00',
          link: 'https://example.org/itb.pdf',
        });
        const list = await (await page.request.get(`/api/procurements?q=${marker}`)).json();
        const ocid = list.items[0].ocid as string;
        expect(ocid).toContain(`public_bidding-${invitation.id}`);
        await post('/api/records/notice_to_proceed', {
          pr_number: `PR-${marker}`,
          project_title: `Drainage of Purok 5 ${marker}`,
          supplier: `Agos Builders ${marker}`,
          mode_of_procurement: 'Public Bidding',
          contract_amount: '950,000.00',
          link: 'https://example.org/ntp.pdf',
          project: ocid,
        });
        await post(`/api/procurements/${ocid}/contract-amendments`, {
          amount: '1,045,000.00',
          date: '2026-05-04',
          reason: `Variation order 1 ${marker}: a longer culvert`,
        });

        await page.context().clearCookies();
        await page.setViewportSize({ width: 360, height: 740 });
        await page.goto(`/procurement/${ocid}`);
        const path = page.getByRole('region', { name: 'The contract amount and its amendments' });
        await expect(path.getByText('Original contract amount: ₱950,000.00')).toBeVisible();
        await expect(path.getByRole('heading', { name: 'Amendment of May 4, 2026' })).toBeVisible();
        await expect(path.getByText('New contract amount: ₱1,045,000.00')).toBeVisible();
        await expect(path.getByText('Change: +₱95,000.00 (+10.0%)')).toBeVisible();
        await expect(path.getByText(`Variation order 1 ${marker}`)).toBeVisible();
        // Nothing is wider than the phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          360,
        );
        if (javaScript) await expectNoAxeViolations(page);

        await page.goto(`/fil/procurement/${ocid}`);
        await expect(page.getByText('Bagong halaga ng kontrata: ₱1,045,000.00')).toBeVisible();
        if (javaScript) await expectNoAxeViolations(page);
      });
    },
  );
}
