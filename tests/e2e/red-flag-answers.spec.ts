import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { expectNoAxeViolations } from './axe.ts';
import {
  onPhoneAndDesktop,
  projectOfNewInvitation,
  withAndWithoutJavaScript,
} from './project-pages.ts';

// Issue 35: the BAC answers a project's red flag on the staff page's plain form at 360 px,
// with JavaScript and without, corrects it with a reason, and a resident reads the answer
// and its earlier wording under the flag on the project page.
withAndWithoutJavaScript('answers to red flags', (javaScript) => {
  test('the BAC answers a flag on a phone and the project page shows it with its history', async ({
    page,
  }) => {
    test.slow();
    const marker = `flag${randomBytes(4).toString('hex')}`;
    // Posted now and opened on 10 March 2026: fewer than 7 days, so the posting is short.
    const ocid = await projectOfNewInvitation(page, {
      marker,
      title: `Multi-purpose hall of Barangay Maligaya ${marker}`,
      abc: '2,400,000.00',
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/staff/procurement/${ocid}/flags`);
    await expect(page.getByRole('heading', { name: 'Little time to prepare bids' })).toBeVisible();
    await page
      .getByLabel('Answer of the Bids and Awards Committee')
      .fill(
        `The bid opening date was set before the posting was moved; see bid bulletin ${marker}.`,
      );
    await page.getByRole('button', { name: 'Publish the answer' }).click();
    await expect(page.getByTestId('form-message-success')).toContainText('Answered');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    if (javaScript) await expectNoAxeViolations(page);

    await page
      .getByLabel('Answer of the Bids and Awards Committee')
      .fill(`The invitation was posted late; bid bulletin ${marker} moved the opening.`);
    await page.getByLabel('Reason for the correction').fill('Said it plainly');
    await page.getByRole('button', { name: 'Publish the correction' }).click();
    await expect(page.getByTestId('form-message-success')).toContainText('Corrected');

    await onPhoneAndDesktop(page, ocid, async () => {
      const flags = page.getByRole('region', { name: 'Red flags: where to look again' });
      const flag = flags.getByRole('listitem').filter({
        has: page.getByRole('heading', { name: 'Little time to prepare bids' }),
      });
      await expect(
        flag.getByRole('heading', { name: /^Answer of the Bids and Awards Committee, / }),
      ).toBeVisible();
      await expect(flag).toContainText(`The invitation was posted late; bid bulletin ${marker}`);
      await flag.getByText('Earlier wordings (1)').click();
      await expect(flag).toContainText('The bid opening date was set before the posting');
      await expect(flag).not.toContainText('Said it plainly');
      if (javaScript) await expectNoAxeViolations(page);
    });
  });
});
