import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { createStaffAccount, signInThroughForm } from './staff.ts';
import { expectNoAxeViolations } from './axe.ts';

// The BAC's list of procurement projects (issue 34): from the records desk to the project
// list, a GET search, and on to a project's abstract of bids and contract pages, with
// JavaScript and without, on a phone and a desktop.
for (const javaScript of [true, false] as const) {
  test.describe(
    javaScript ? 'the staff list of projects' : 'the staff list of projects without JavaScript',
    () => {
      test.use({ javaScriptEnabled: javaScript });

      test('the records desk leads to a project’s abstract of bids and contract page', async ({
        page,
      }) => {
        // Sign-in, two widths' axe scans and four pages on a shared machine.
        test.slow();
        const marker = `list${randomBytes(4).toString('hex')}`;
        await signInThroughForm(page, await createStaffAccount());
        await expect(page).toHaveURL(/\/bac-input$/);
        const token = (
          (await (await page.request.get('/api/session')).json()) as { csrfToken: string }
        ).csrfToken;
        const title = `Drainage of Purok 5 ${marker}`;
        const invitation = await page.request.post('/api/records/public_bidding', {
          data: {
            bid_number: `ITB-${marker}`,
            project_title: title,
            abc: '1,500,000.00',
            closing_date: '2026-05-10T10:00',
            link: 'https://example.org/itb.pdf',
          },
          headers: { 'x-csrf-token': token },
        });
        expect(invitation.status()).toBe(201);

        await page.getByRole('link', { name: /^Procurement projects:/ }).click();
        await expect(page).toHaveURL(/\/staff\/procurement$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Procurement projects');
        await page
          .getByLabel('Find a project by title, OCID, PR number or PhilGEPS reference')
          .fill(`ITB-${marker}`);
        await page.getByRole('button', { name: 'Find', exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`[?&]q=ITB-${marker}`));
        await expect(page.getByRole('status')).toHaveText('Projects 1 to 1 of 1');
        for (const [width, height] of [
          [360, 740],
          [1280, 800],
        ] as const) {
          await page.setViewportSize({ width, height });
          await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
            `no sideways scrolling at ${width} px`,
          ).toBeLessThanOrEqual(width);
          if (javaScript) await expectNoAxeViolations(page);
        }

        await page.getByRole('link', { name: `Contract and completion: ${title}` }).click();
        await expect(page).toHaveURL(/\/staff\/procurement\/[^/]+\/contract$/);
        await page.goBack();
        await page.getByRole('link', { name: `Abstract of bids: ${title}` }).click();
        await expect(page).toHaveURL(/\/staff\/procurement\/[^/]+\/bids$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          `Abstract of bids: ${title}`,
        );
        await expect(page.getByRole('button', { name: 'Add the bid' })).toBeVisible();
      });
    },
  );
}

test('the Filipino records desk leads to the Filipino project list', async ({ page }) => {
  await signInThroughForm(page, await createStaffAccount());
  await expect(page).toHaveURL(/\/bac-input$/);
  await page.goto('/fil/bac-input');
  await page.getByRole('link', { name: /^Mga proyekto ng procurement:/ }).click();
  await expect(page).toHaveURL(/\/fil\/staff\/procurement$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mga proyekto ng procurement');
  await expectNoAxeViolations(page);
});
