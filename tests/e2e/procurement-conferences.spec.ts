import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { createStaffAccount, signInThroughForm } from './staff.ts';
import { expectNoAxeViolations } from './axe.ts';

// RA 12009 section 38 (issue 34): the BAC states a project's category and posts its
// procurement conferences on the staff page's plain forms, with JavaScript and without; a
// resident reads each conference's livestream link, or "Not posted", on the project page.
const SCRIPTING = [true, false] as const;

for (const javaScript of SCRIPTING) {
  test.describe(
    javaScript ? 'procurement conferences' : 'procurement conferences without JavaScript',
    () => {
      test.use({ javaScriptEnabled: javaScript });

      test('staff add a conference with a livestream link and the project page shows it', async ({
        page,
      }) => {
        // Four pages scanned by axe on a machine shared with other runs.
        test.slow();
        const marker = `s38${randomBytes(4).toString('hex')}`;
        await signInThroughForm(page, await createStaffAccount());
        await expect(page).toHaveURL(/\/bac-input$/);
        const token = (
          (await (await page.request.get('/api/session')).json()) as { csrfToken: string }
        ).csrfToken;
        const invitation = await page.request.post('/api/records/public_bidding', {
          data: {
            bid_number: `ITB-${marker}`,
            project_title: `Farm-to-market road of Barangay Malinis ${marker}`,
            abc: '24,500,000.00',
            closing_date: '2026-03-10T10:00',
            link: 'https://example.org/itb.pdf',
          },
          headers: { 'x-csrf-token': token },
        });
        expect(invitation.status()).toBe(201);
        const list = await (await page.request.get(`/api/procurements?q=${marker}`)).json();
        const ocid = list.items[0].ocid as string;
        const livestream = `https://www.facebook.com/sanisidro/videos/${marker}`;

        await page.goto(`/staff/procurement/${ocid}/conferences`);
        await page.getByLabel('Category', { exact: true }).selectOption('infrastructure');
        await page.getByRole('button', { name: 'Save the category' }).click();
        await expect(page.getByTestId('form-message-success')).toContainText('Saved');

        await page.getByLabel('Conference', { exact: true }).selectOption('pre-bid');
        await page.getByLabel('Date', { exact: true }).fill('2026-02-20');
        await page.getByLabel('Livestream link').fill(livestream);
        await page.getByRole('button', { name: 'Save the conference' }).click();
        await expect(page.getByTestId('form-message-success')).toContainText('Saved');
        await page.getByLabel('Conference', { exact: true }).selectOption('bid-opening');
        await page.getByLabel('Date', { exact: true }).fill('2026-03-10');
        await page.getByRole('button', { name: 'Save the conference' }).click();
        await expect(page.getByTestId('form-message-success')).toContainText('Saved');
        if (javaScript) await expectNoAxeViolations(page);

        await page.context().clearCookies();
        for (const [width, height] of [
          [360, 740],
          [1280, 800],
        ] as const) {
          await page.setViewportSize({ width, height });
          await page.goto(`/procurement/${ocid}`);
          const conferences = page.getByRole('list', { name: 'Procurement conferences, by date' });
          const preBid = conferences
            .getByRole('listitem')
            .filter({ has: page.getByRole('heading', { name: 'Pre-bid conference' }) });
          await expect(
            preBid.getByRole('link', { name: 'Livestream of the Pre-bid conference' }),
          ).toHaveAttribute('href', livestream);
          await expect(
            preBid.getByRole('definition').filter({ hasText: 'Not posted' }),
          ).toHaveCount(1);
          const opening = conferences
            .getByRole('listitem')
            .filter({ has: page.getByRole('heading', { name: 'Bid opening' }) });
          await expect(
            opening.getByRole('definition').filter({ hasText: 'Not posted' }),
          ).toHaveCount(2);
          await expect(page.getByText('No observer invited is posted yet.')).toBeVisible();
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
          ).toBeLessThanOrEqual(width);
          if (javaScript) await expectNoAxeViolations(page);
        }
        await page.goto(`/fil/procurement/${ocid}`);
        await expect(page.getByText('Hindi naka-post').first()).toBeVisible();
        if (javaScript) await expectNoAxeViolations(page);
      });
    },
  );
}
