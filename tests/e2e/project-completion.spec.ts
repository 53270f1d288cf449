import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { axeViewports, expectNoAxeViolations } from './axe.ts';
import { createStaffAccount, signInThroughForm } from './staff.ts';

// A project's contract after the award (issue 34): BAC staff add an amendment with its signed
// variation order and state the completion on /staff/procurement/<ocid>/contract, without
// JavaScript and with it; a resident reads both on the project page in both languages.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

/** A project with a Notice to Proceed, through the JSON API with the staff session. */
async function projectWithContract(page: Page, marker: string): Promise<string> {
  const token = ((await (await page.request.get('/api/session')).json()) as { csrfToken: string })
    .csrfToken;
  const post = async (url: string, data: object) => {
    const response = await page.request.post(url, { data, headers: { 'x-csrf-token': token } });
    expect(response.status(), await response.text()).toBe(201);
    return response.json();
  };
  await post('/api/records/public_bidding', {
    bid_number: `ITB-${marker}`,
    project_title: `Health Center ${marker}`,
    abc: '5,000,000.00',
    closing_date: '2026-03-10T10:00',
    link: 'https://example.org/itb.pdf',
  });
  const list = await (await page.request.get(`/api/procurements?q=${marker}`)).json();
  const ocid = list.items[0].ocid as string;
  await post('/api/records/notice_to_proceed', {
    pr_number: `PR-${marker}`,
    project_title: `Health Center ${marker}`,
    supplier: `Tibay Builders ${marker}`,
    mode_of_procurement: 'Public Bidding',
    contract_amount: '4,000,000.00',
    link: 'https://example.org/ntp.pdf',
    project: ocid,
  });
  return ocid;
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? 'contract page' : 'contract page without JavaScript', () => {
    test.use({ javaScriptEnabled: javaScript });

    test('staff add an amendment with its document and the completion; residents read them', async ({
      page,
    }) => {
      // Two forms, two uploads, four axe scans and four pages: more than the default allows.
      test.setTimeout(120_000);
      const marker = `done${randomBytes(4).toString('hex')}`;
      await signInThroughForm(page, await createStaffAccount());
      await expect(page).toHaveURL(/\/bac-input$/);
      const ocid = await projectWithContract(page, marker);
      const lang = javaScript ? '' : '/fil';
      await page.goto(`${lang}/staff/procurement/${ocid}/contract`);
      if (javaScript) {
        for (const viewport of axeViewports) {
          await page.setViewportSize(viewport);
          await expectNoAxeViolations(page);
        }
        await page.getByLabel('New total contract amount').fill('4,400,000.00');
        await page.getByLabel('Date of the amendment (YYYY-MM-DD)').fill('2026-06-01');
        await page.getByLabel('Reason').first().fill(`VO 1 ${marker}: ramp added`);
        await page
          .getByLabel('Signed variation order (PDF, optional)')
          .setInputFiles({ name: 'vo.pdf', mimeType: 'application/pdf', buffer: PDF });
        await page.getByRole('button', { name: 'Add the amendment' }).click();
        await expect(page.getByText('The contract amendment was added.')).toBeVisible();
        await page.getByLabel('Date of completion (YYYY-MM-DD)').fill('2026-09-15');
        await page
          .getByLabel('Certificate of completion or acceptance (PDF, optional)')
          .setInputFiles({ name: 'coc.pdf', mimeType: 'application/pdf', buffer: PDF });
        await page.getByRole('button', { name: 'Record the completion' }).click();
        await expect(page.getByText('The completion was recorded.')).toBeVisible();
      } else {
        await page.getByLabel('Bagong kabuuang halaga ng kontrata').fill('4,400,000.00');
        await page.getByLabel('Petsa ng pagbabago (YYYY-MM-DD)').fill('2026-06-01');
        await page.getByLabel('Dahilan', { exact: true }).fill(`VO 1 ${marker}: ramp added`);
        await page
          .getByLabel('Nilagdaang variation order (PDF, opsiyonal)')
          .setInputFiles({ name: 'vo.pdf', mimeType: 'application/pdf', buffer: PDF });
        await page.getByRole('button', { name: 'Idagdag ang pagbabago' }).click();
        await expect(page.getByText('Naidagdag ang pagbabago ng kontrata.')).toBeVisible();
        await page.getByLabel('Petsa ng pagkakatapos (YYYY-MM-DD)').fill('2026-09-15');
        await page.getByRole('button', { name: 'Itala ang pagkakatapos' }).click();
        await expect(page.getByText('Naitala ang pagkakatapos.')).toBeVisible();
      }

      await page.context().clearCookies();
      await page.goto(`/procurement/${ocid}`);
      await expect(page.getByText('New contract amount: ₱4,400,000.00')).toBeVisible();
      await expect(page.getByText('Signed variation order')).toBeVisible();
      await expect(page.getByRole('heading', { name: /Completion of the contract/ })).toBeVisible();
      await expect(page.getByText('Completed', { exact: true })).toBeVisible();
      if (javaScript) {
        for (const viewport of axeViewports) {
          await page.setViewportSize(viewport);
          await expectNoAxeViolations(page);
        }
      }
      await page.goto(`/fil/procurement/${ocid}`);
      await expect(page.getByText('Pagkakatapos ng kontrata', { exact: false })).toBeVisible();
    });
  });
}
