import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { expectNoAxeViolations } from './axe.ts';
import { projectOfNewInvitation, withAndWithoutJavaScript } from './project-pages.ts';

// Issue 35: a resident on a small phone finds a flagged project on /red-flags, reads the
// count per indicator as a chart and as a table, chooses a year without JavaScript, and
// follows the link to how each flag is computed. Nothing scrolls sideways at 320 px.
withAndWithoutJavaScript('the red flags page', (javaScript) => {
  test('lists a flagged project by indicator with its chart and table, and explains the method', async ({
    page,
  }) => {
    test.slow();
    const marker = `rf${randomBytes(4).toString('hex')}`;
    const title = `Drainage canal of Purok 5 ${marker}`;
    // Its bids were opened before it was posted: the posting was short.
    const ocid = await projectOfNewInvitation(page, { marker, title, abc: '1,800,000.00' });
    const year = new Date().getUTCFullYear();
    await page.context().clearCookies();
    await page.setViewportSize({ width: 320, height: 700 });

    await page.goto('/red-flags');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Red flags: where to look again',
    );
    const chart = page.getByRole('figure', { name: /Projects flagged per indicator/ });
    await expect(chart.locator('svg')).toBeVisible();
    const countCell = chart
      .getByRole('row', { name: /Little time to prepare bids/ })
      .getByRole('cell');
    expect(Number(await countCell.textContent())).toBeGreaterThanOrEqual(1);
    const section = page.getByRole('region', { name: /Little time to prepare bids/ });
    await expect(section.getByRole('link', { name: title })).toHaveAttribute(
      'href',
      `/procurement/${ocid}`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    if (javaScript) await expectNoAxeViolations(page);

    // The year chooser is a plain GET form.
    await page.getByLabel('Projects begun in').selectOption(String(year));
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(new RegExp(`/red-flags\\?year=${year}$`));
    await expect(section.getByRole('link', { name: title })).toBeVisible();

    await page.getByRole('link', { name: 'How each flag is computed, and why it matters' }).click();
    await expect(page).toHaveURL(/\/red-flags\/methodology$/);
    await expect(page.getByRole('heading', { name: 'Winning bid close to the ABC' })).toBeVisible();
    await expect(page.getByText(/98% of the Approved Budget/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    if (javaScript) await expectNoAxeViolations(page);
  });
});
