import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { expectNoAxeViolations } from './axe.ts';
import {
  onPhoneAndDesktop,
  projectOfNewInvitation,
  withAndWithoutJavaScript,
} from './project-pages.ts';

// RA 12009 section 38 (issue 34): the BAC states a project's category and posts its
// procurement conferences on the staff page's plain forms, with JavaScript and without; a
// resident reads each conference's livestream link, or "Not posted", on the project page.
withAndWithoutJavaScript('procurement conferences', (javaScript) => {
  test('staff add a conference with a livestream link and the project page shows it', async ({
    page,
  }) => {
    // Four pages scanned by axe on a machine shared with other runs.
    test.slow();
    const marker = `s38${randomBytes(4).toString('hex')}`;
    const ocid = await projectOfNewInvitation(page, {
      marker,
      title: `Farm-to-market road of Barangay Malinis ${marker}`,
      abc: '24,500,000.00',
    });
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

    await onPhoneAndDesktop(page, ocid, async () => {
      const conferences = page.getByRole('list', { name: 'Procurement conferences, by date' });
      const card = (name: string) =>
        conferences.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      const notPosted = (name: string) =>
        card(name).getByRole('definition').filter({ hasText: 'Not posted' });
      await expect(
        card('Pre-bid conference').getByRole('link', {
          name: 'Livestream of the Pre-bid conference',
        }),
      ).toHaveAttribute('href', livestream);
      await expect(notPosted('Pre-bid conference')).toHaveCount(1);
      await expect(notPosted('Bid opening')).toHaveCount(2);
      await expect(page.getByText('No observer invited is posted yet.')).toBeVisible();
      if (javaScript) await expectNoAxeViolations(page);
    });
    await page.goto(`/fil/procurement/${ocid}`);
    await expect(page.getByText('Hindi naka-post').first()).toBeVisible();
    if (javaScript) await expectNoAxeViolations(page);
  });
});
