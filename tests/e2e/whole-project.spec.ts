/**
 * One procurement from plan to completion (issue 34's "Must show"): BAC staff build one
 * project through the web pages alone — the APP line, the invitation, a bid bulletin, the
 * abstract of bids, the award, the notice to proceed, an amendment raising the contract
 * amount, the completion — and a resident reads it back from the project page, the JSON API,
 * the supplier's page and the OCDS record, which must be valid against OCDS 1.1.5 with the
 * bids extension merged.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { kindByValue, type RecordKind } from '../../shared/record-kinds.ts';
import type { ProcurementProjectDetail } from '../../shared/procurement-projects/procurement-project.ts';
import { ocdsWithBids, schemaErrors } from '../helpers/ocds-schemas.ts';
import { expectNoAxeViolations } from './axe.ts';
import { openAsResidentOnPhone } from './project-pages.ts';
import {
  chooseType,
  createStaffAccount,
  fillFields,
  sampleValues,
  signInThroughForm,
} from './staff.ts';

const invitation = kindByValue('public_bidding')!;
const bulletin = kindByValue('bid_bulletin')!;
const award = kindByValue('notice_of_award')!;
const proceed = kindByValue('notice_to_proceed')!;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

/**
 * A Manila calendar day this many days from today, YYYY-MM-DD: the server keeps the real
 * time, so the bidding's dates follow the postings as a real one's do (the red flags read them).
 */
function manilaDay(offset: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
}

/** Adds one notice to the chosen project through the records desk; answers its permalink. */
async function addToProject(
  page: Page,
  kind: RecordKind,
  appCode: string,
  values: Record<string, string>,
): Promise<{ path: string; ocid: string }> {
  await page.goto('/bac-input');
  await chooseType(page, kind, true);
  await page.getByLabel(/Find a project by PR number/).fill(appCode);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  const found = page.getByRole('radio', { name: new RegExp(`APP ${appCode}\\)`) });
  await expect(found).toBeVisible();
  await found.check();
  const ocid = (await found.getAttribute('value'))!;
  await fillFields(page, values, kind);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const view = page.getByRole('link', { name: 'view it' });
  await expect(view).toBeVisible();
  return { path: (await view.getAttribute('href'))!, ocid };
}

test('one procurement built through the web from its APP line to completion, read back everywhere', async ({
  page,
}) => {
  // Eight steps through staff forms, then four views read and scanned.
  test.setTimeout(240_000);
  const marker = `whole${randomBytes(4).toString('hex')}`;
  const appCode = `${marker}-01`;
  const title = `Rehabilitation of Purok 7 Farm-to-Market Road ${marker}`;
  const winner = `Matatag ${marker} Builders, Inc.`;
  const loser = `Bagwis ${marker} Construction`;
  // A year no other spec uploads a plan for (procurement-plan.spec takes 2300 and up).
  const year = 2500 + test.info().workerIndex;
  await signInThroughForm(page, await createStaffAccount());
  await expect(page).toHaveURL(/\/bac-input$/);

  // 1. The Annual Procurement Plan with the project's line.
  await page.getByRole('link', { name: 'Upload the year’s Annual Procurement Plan (APP)' }).click();
  await page.getByLabel('Year of the plan').fill(String(year));
  await page.getByLabel('APP file (CSV, at most 2 MB)').setInputFiles({
    name: 'app.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'Code (PAP),Procurement Program/Project,PMO/End-User,Mode of Procurement,Source of Funds,Estimated Budget (Total)',
        `${appCode},${title},Municipal Engineering Office,Public Bidding,20% Development Fund,"3,000,000.00"`,
      ].join('\n'),
    ),
  });
  await page.getByRole('button', { name: 'Upload the plan' }).click();
  await expect(page.getByTestId('form-message-success')).toContainText(
    `The ${year} plan is stored. Planned projects added: 1;`,
  );

  // 2. The invitation to bid joins the plan line's project, found by its APP code.
  const posted = await addToProject(page, invitation, appCode, {
    ...sampleValues(invitation, marker),
    project_title: title,
    philgeps_reference: '',
    abc: '3,000,000.00',
    closing_date: `${manilaDay(14)}T10:00`,
  });
  const ocid = posted.ocid;
  expect(ocid).toMatch(new RegExp(`-app-${year}-${appCode}$`));

  // 3. A bid bulletin of the same project.
  const bulletinPosted = await addToProject(page, bulletin, appCode, {
    ...sampleValues(bulletin, marker),
    project_title: title,
    philgeps_reference: '',
    closing_date: `${manilaDay(21)}T10:00`,
  });
  expect(bulletinPosted.ocid).toBe(ocid);

  // 4. The abstract of bids: the lowest bid failed post-qualification, the next is the LCRB.
  await page.goto(`/staff/procurement/${ocid}/bids`);
  const bid = async (bidder: string, amount: string, outcome: string, reason: string) => {
    await page.getByLabel('Bidder').fill(bidder);
    await page.getByLabel('Bid amount (₱)').fill(amount);
    await page.getByLabel('Outcome').selectOption(outcome);
    await page.getByLabel('Reason').fill(reason);
    await page.getByRole('button', { name: 'Add the bid' }).click();
    await expect(page.getByTestId('form-message-success')).toContainText('Bid added');
  };
  await bid(loser, '2,700,000.00', 'failed-post-qualification', 'Equipment not as declared');
  await bid(winner, '2,850,000.00', 'lcrb', '');

  // 5–6. The award and the notice to proceed, to the LCRB bidder.
  const awarded = {
    project_title: title,
    supplier: winner,
    mode_of_procurement: 'Public Bidding',
    contract_amount: '2,850,000.00',
  };
  const awardPosted = await addToProject(page, award, appCode, {
    ...sampleValues(award, marker),
    ...awarded,
  });
  const proceedPosted = await addToProject(page, proceed, appCode, {
    ...sampleValues(proceed, marker),
    ...awarded,
  });
  expect([awardPosted.ocid, proceedPosted.ocid]).toEqual([ocid, ocid]);

  // 7–8. A variation order raising the amount, then the completion.
  await page.goto(`/staff/procurement/${ocid}/contract`);
  await page.getByLabel('New total contract amount').fill('3,010,000.00');
  await page.getByLabel('Date of the amendment (YYYY-MM-DD)').fill(manilaDay(60));
  await page.getByLabel('Reason').first().fill(`VO 1 ${marker}: lined canal added`);
  await page
    .getByLabel('Signed variation order (PDF, optional)')
    .setInputFiles({ name: 'vo-1.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Add the amendment' }).click();
  await expect(page.getByText('The contract amendment was added.')).toBeVisible();
  await page.getByLabel('Date of completion (YYYY-MM-DD)').fill(manilaDay(200));
  await page.getByRole('button', { name: 'Record the completion' }).click();
  await expect(page.getByText('The completion was recorded.')).toBeVisible();

  // A resident, signed out, on a phone: the project page holds every step in order.
  await openAsResidentOnPhone(page, ocid, title);
  const steps = page.locator('.project-timeline > li > h3');
  await expect(steps).toHaveCount(8);
  const headings = await steps.allTextContents();
  expect(headings.map((heading) => heading.replace(/^.*?: /, ''))).toEqual([
    `Annual Procurement Plan ${year}`,
    'Public Bidding',
    'Bid Bulletin',
    'Abstract of bids',
    'Notice of Award',
    'Notice to Proceed',
    'Contract amendment (variation order)',
    'Completion of the contract',
  ]);
  await expect(
    page.getByText(`Line ${appCode} of the plan, estimated budget ₱3,000,000.00`),
  ).toBeVisible();
  await expect(page.getByText('Number of bidders: 2')).toBeVisible();
  const bids = page.getByRole('table', { name: 'The bids, lowest amount first' });
  await expect(bids.getByRole('row')).toHaveCount(3);
  await expect(bids.getByRole('row').nth(1)).toContainText(loser);
  await expect(bids.getByRole('row').nth(2)).toContainText(winner);
  await expect(page.getByText('New contract amount: ₱3,010,000.00')).toBeVisible();
  await expect(page.getByText('Change: +₱160,000.00 (+5.6%)')).toBeVisible();
  // Its red flags, each with the facts that raised it: one responsive bid, the lowest bid
  // disqualified, and (built in one sitting) an award posted before the bid opening the
  // notices state. Not raised: 5.6% more, 14 days to prepare bids, 95% of the ABC. Whether
  // its supplier holds most of the year's public bidding depends on what the other specs
  // posted to the same database, so that flag is neither required nor refused here.
  const flags = page.getByRole('region', { name: 'Red flags: where to look again' });
  const flagHeadings = flags
    .getByRole('heading', { level: 3 })
    .filter({ hasNotText: 'One supplier holds most of a year’s awards in one mode' });
  await expect(flagHeadings).toHaveText([
    'One bidder, or one responsive bid',
    'Every other bid disqualified',
    'Dates out of order',
  ]);
  await expect(flags).toContainText('Mode: Public Bidding. Bidders: 2; responsive bids: 1.');
  await expect(flags).toContainText('1 of 2 bids failed. The lowest bid was disqualified.');
  await expect(flags).toContainText('before the bids were opened');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);

  // The notices lead back to it.
  await page.goto(awardPosted.path);
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/procurement/${ocid}$`));

  // The JSON API: the same process as data.
  const api = (await (
    await page.request.get(`/api/procurements/${ocid}`)
  ).json()) as ProcurementProjectDetail;
  expect(api).toMatchObject({
    ocid,
    title,
    status: 'completed',
    appCode,
    abc: '3000000.00',
    supplier: winner,
    awardAmount: '2850000.00',
    contractAmount: '2850000.00',
    plan: { year, appCode, budget: '3000000.00', sourceOfFunds: '20% Development Fund' },
    dates: { completion: manilaDay(200) },
  });
  expect(api.notices.map((notice) => notice.collection)).toEqual([
    'public_bidding',
    'bid_bulletin',
    'notice_of_awards',
    'notice_to_proceed',
  ]);
  expect(api.bids.map((entry) => [entry.bidder, entry.amount, entry.outcome])).toEqual([
    [loser, '2700000.00', 'failed-post-qualification'],
    [winner, '2850000.00', 'lcrb'],
  ]);
  expect(api.awards).toMatchObject([
    { supplier: winner, amount: '2850000.00', status: 'published' },
  ]);
  expect(api.contracts).toMatchObject([
    {
      supplier: winner,
      amount: '2850000.00',
      currentAmount: '3010000.00',
      amendments: [{ date: manilaDay(60), previousAmount: '2850000.00', amount: '3010000.00' }],
      completion: { date: manilaDay(200) },
    },
  ]);
  expect(api.contracts[0]!.amendments[0]!.document?.sha256).toMatch(/^[0-9a-f]{64}$/);
  // As on the page: a supplier's share of the year depends on the other specs' awards.
  expect(
    api.flags
      .map((flag) => flag.indicator)
      .filter((indicator) => indicator !== 'supplier-concentration'),
  ).toEqual(['single-bidder', 'all-but-winner-disqualified', 'impossible-dates']);

  // The supplier's page: the award won and both projects' bids, linking the project.
  await page.goto(`/suppliers?q=${marker}`);
  await page.getByRole('link', { name: winner }).click();
  await expect(page.getByRole('heading', { level: 1, name: winner })).toBeVisible();
  const won = page.getByRole('table', { name: new RegExp(`Every award to ${winner}`) });
  await expect(won.getByRole('link', { name: title })).toBeVisible();
  await expect(won).toContainText('₱2,850,000.00');
  const bidOn = page.getByRole('table', { name: new RegExp(`Every bid by ${winner}`) });
  await expect(bidOn).toContainText('Lowest calculated responsive bid (LCRB)');
  await bidOn.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/procurement/${ocid}$`));

  // The OCDS record: every stage, valid against 1.1.5 with the bids extension.
  const record = await (await page.request.get(`/ocds/records/${ocid}.json`)).json();
  expect(schemaErrors(ocdsWithBids.recordPackage, record)).toEqual([]);
  const compiled = record.records[0].compiledRelease;
  expect(compiled.planning.budget.amount).toEqual({ amount: 3000000, currency: 'PHP' });
  expect(compiled.tender.numberOfTenderers).toBe(2);
  expect(compiled.bids.details).toHaveLength(2);
  expect(compiled.awards.map((item: { value: unknown }) => item.value)).toEqual([
    { amount: 2850000, currency: 'PHP' },
  ]);
  expect(compiled.contracts).toHaveLength(1);
  expect(compiled.contracts[0].amendments).toHaveLength(1);
  expect(compiled.contracts[0].value).toEqual({ amount: 3010000, currency: 'PHP' });
  expect(compiled.contracts[0].status).toBe('terminated');
  const tags = record.records[0].releases.flatMap((release: { tag: string[] }) => release.tag);
  expect(tags).toEqual(
    expect.arrayContaining([
      'planning',
      'tender',
      'tenderAmendment',
      'award',
      'contract',
      'contractAmendment',
      'contractTermination',
    ]),
  );
});
