import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { axeViewports, expectNoAxeViolations } from './axe.ts';
import { createStaffAccount, signInThroughForm } from './staff.ts';

// The Annual Procurement Plan on the web (issue 34): the BAC uploads the APP spreadsheet
// through the plain form without JavaScript, and a resident reads the year's plan in both
// languages, on a phone and a desktop, with no axe violation.

test.describe.configure({ mode: 'serial' });

/** A year no other worker uploads a plan for: the suite shares one server. */
let year = 0;
const marker = `app${randomBytes(4).toString('hex')}`;

test.beforeAll(() => {
  year = 2300 + test.info().workerIndex;
});

function planCsv(): string {
  return [
    'Code (PAP),Procurement Program/Project,PMO/End-User,Mode of Procurement,Source of Funds,Estimated Budget (Total),Remarks',
    `${marker}-1,Concreting of Purok 3 Road ${marker},Municipal Engineering Office,Public Bidding,20% Development Fund,"1,234,567.89",Phase 1`,
    `${marker}-2,School chairs ${marker},Municipal Social Welfare Office,Small Value Procurement,General Fund,"500,000",`,
    ',TOTAL,,,,"1,734,567.89",',
  ].join('\n');
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the BAC uploads the APP, a bad file first, from the records desk', async ({ page }) => {
    await signInThroughForm(page, await createStaffAccount());
    await expect(page).toHaveURL(/\/bac-input$/);
    await page
      .getByRole('link', { name: 'Upload the year’s Annual Procurement Plan (APP)' })
      .click();
    await expect(page).toHaveURL(/\/staff\/procurement-plan$/);

    const send = async (csv: string) => {
      await page.getByLabel('Year of the plan').fill(String(year));
      await page.getByLabel('APP file (CSV, at most 2 MB)').setInputFiles({
        name: 'app.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await page.getByRole('button', { name: 'Upload the plan' }).click();
    };
    await send(planCsv().replace('"500,000"', '"50,00"'));
    await expect(page.getByTestId('form-message-error')).toContainText(
      'Line 3, Estimated Budget (Total): not an amount in pesos',
    );

    await send(planCsv());
    const done = page.getByTestId('form-message-success');
    await expect(done).toContainText(`The ${year} plan is stored. Planned projects added: 2;`);
    await done.getByRole('link', { name: `See the ${year} plan` }).click();
    await expect(page).toHaveURL(new RegExp(`/procurement-plan\\?year=${year}$`));
    await expect(page.getByRole('link', { name: `School chairs ${marker}` })).toBeVisible();
  });
});

test.describe('with JavaScript', () => {
  for (const lang of [
    { prefix: '', heading: 'Annual Procurement Plan', planned: 'Planned', total: 'Total' },
    {
      prefix: '/fil',
      heading: 'Taunang Plano ng Procurement',
      planned: 'Nakaplano',
      total: 'Kabuuan',
    },
  ]) {
    test(`a resident reads the plan${lang.prefix ? ' in Filipino' : ''}`, async ({ page }) => {
      for (const viewport of axeViewports) {
        await page.setViewportSize(viewport);
        await page.goto(`${lang.prefix}/procurement-plan?year=${year}`);
        await expect(page.getByRole('heading', { level: 1, name: lang.heading })).toBeVisible();
        const row = page
          .getByRole('row')
          .filter({ hasText: `Concreting of Purok 3 Road ${marker}` });
        await expect(row).toContainText(`${marker}-1`);
        await expect(row).toContainText('₱1,234,567.89');
        await expect(row).toContainText(lang.planned);
        await expect(page.getByRole('row').filter({ hasText: lang.total })).toContainText(
          '₱1,734,567.89',
        );
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(viewport.width);
        await expectNoAxeViolations(page);
      }
      await page
        .getByRole('link', { name: `Concreting of Purok 3 Road ${marker}` })
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`${lang.prefix}/procurement/ocds-`));
    });
  }
});
