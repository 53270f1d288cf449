import { beforeAll, describe, expect, it } from 'vitest';
import { attachNewNotice } from '../../db/procurement-projects/attach-notice.ts';
import { planLineProject } from '../../db/procurement-projects/annual-plan.ts';
import { insertRecords } from '../../db/records/record-queries.ts';
import type { ProcurementPlan } from '../../shared/procurement-projects/procurement-plan.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { multipart } from '../helpers/multipart.ts';
import { ApiVisitor, signedInStaff } from '../helpers/staff.ts';
import { auditDetails } from '../helpers/audit-details.ts';
import { scalar } from '../helpers/site-scalar.ts';
import { useTestApp } from '../helpers/test-app.ts';

// The Annual Procurement Plan on the web (issue 34): the BAC's upload form, refused rows by
// line with nothing stored, and the public plan page with each line's derived status.

const PASSWORD = 'a long test passphrase';
const HEADER =
  'Code (PAP),Procurement Program/Project,PMO/End-User,Mode of Procurement,Source of Funds,Estimated Budget (Total),Remarks';
const GOOD = [
  HEADER,
  'P-001,Concreting of Purok 3 Road,Municipal Engineering Office,Public Bidding,20% Development Fund,"₱1,234,567.89",Phase 1',
  ',,,,,,',
  'P-002,School chairs,Municipal Social Welfare Office,Small Value Procurement,General Fund,"500,000",',
  'P-003,Rescue boat,MDRRMO,Public Bidding,MDRRM Fund,900000,',
  ',TOTAL,,,,"2,634,567.89",',
].join('\n');
const BAD = [
  HEADER,
  'P-101,Good line,Office,Public Bidding,General Fund,1000,',
  'P-102,Bad budget,Office,Public Bidding,General Fund,"12,34",',
  'P-101,,Office,Public Bidding,General Fund,,',
].join('\n');

describe('the Annual Procurement Plan on the web', () => {
  const testApp = useTestApp({ SITE_URL: 'https://procurement.example.gov.ph' });
  let bac: ApiVisitor;
  let token: string;

  beforeAll(async () => {
    ({ visitor: bac } = await signedInStaff(testApp, 'bac-plan@san-isidro.gov.ph', PASSWORD, [
      'bac',
    ]));
    token = await bac.csrfToken();
  });

  async function upload(
    visitor: ApiVisitor,
    fields: { _csrf: string; year: string },
    csv: string,
    lang: '' | '/fil' = '',
  ) {
    const { body, contentType } = await multipart([
      { name: '_csrf', value: fields._csrf },
      { name: 'year', value: fields.year },
      {
        name: 'file',
        value: { bytes: Buffer.from(csv), fileName: 'app.csv', type: 'text/csv' },
      },
    ]);
    return visitor.request({
      method: 'POST',
      url: `${lang}/staff/procurement-plan/upload`,
      headers: { 'content-type': contentType },
      payload: body,
    });
  }

  const plannedCount = () =>
    scalar(testApp.site, 'SELECT count(*) FROM procurement_projects WHERE app_year IS NOT NULL');

  it('refuses a file with bad rows, naming each by its line, and stores nothing of it', async () => {
    const refused = await upload(bac, { _csrf: token, year: '2026' }, BAD);
    expect(refused.statusCode).toBe(303);
    const location = new URL(refused.headers.location as string, 'http://x');
    expect(location.pathname).toBe('/staff/procurement-plan');
    expect(location.searchParams.get('outcome')).toBe('rows');
    expect(location.searchParams.getAll('problem')).toEqual([
      '3.budget.money.commas',
      '4.appCode.repeated.2',
      '4.title.blank',
      '4.budget.blank',
    ]);
    expect(await plannedCount()).toBe(0);
    const page = await bac.request({ url: `${location.pathname}${location.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Line 3, Estimated Budget (Total): not an amount in pesos');
    expect(page.body).toContain('Line 4, Code (PAP): the same code is on line 2');
    expect(page.body).toContain('Line 4, Procurement Program/Project: blank');

    const noHeading = await upload(
      bac,
      { _csrf: token, year: '2026' },
      'Code (PAP),Title\nP-1,Road\n',
      '/fil',
    );
    const noHeadingAt = noHeading.headers.location as string;
    expect(noHeadingAt).toMatch(/^\/fil\/staff\/procurement-plan\?outcome=headings/);
    const filPage = await bac.request({ url: noHeadingAt });
    expect(filPage.body).toContain('Kulang: Procurement Program/Project, PMO/End-User');

    const noYear = await upload(bac, { _csrf: token, year: '26' }, GOOD);
    expect(noYear.headers.location).toContain('outcome=year');
    const tooLarge = await upload(
      bac,
      { _csrf: token, year: '2026' },
      `${HEADER}\n${'x'.repeat(2 * 1024 * 1024)}`,
    );
    expect(tooLarge.headers.location).toContain('outcome=too-large');
    expect(await plannedCount()).toBe(0);
  });

  it('checks the role and the session before the file', async () => {
    const { visitor: other } = await signedInStaff(
      testApp,
      'news-plan@san-isidro.gov.ph',
      PASSWORD,
      ['information'],
    );
    const forbidden = await upload(other, { _csrf: await other.csrfToken(), year: '2026' }, GOOD);
    expect(forbidden.headers.location).toBe('/staff/procurement-plan?outcome=forbidden');
    const anonymous = await upload(new ApiVisitor(testApp.app), { _csrf: 'x', year: '2026' }, GOOD);
    expect([anonymous.statusCode, anonymous.headers.location]).toEqual([303, '/bac-login']);
    const noToken = await upload(bac, { _csrf: 'wrong', year: '2026' }, GOOD);
    expect(noToken.statusCode).toBe(403);
    expect(await plannedCount()).toBe(0);
  });

  it('stores a good file with its audit entries and shows the plan with each line’s status', async () => {
    const stored = await upload(bac, { _csrf: token, year: '2026' }, GOOD);
    const location = new URL(stored.headers.location as string, 'http://x');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      outcome: 'imported',
      year: '2026',
      added: '3',
      updated: '0',
      skipped: '2',
    });
    expect(await plannedCount()).toBe(3);
    expect(await auditDetails(testApp.site, 'app-line-imported')).toHaveLength(3);
    const page = await bac.request({ url: `${location.pathname}${location.search}` });
    expect(page.body).toContain(
      'Planned projects added: 3; updated: 0; blank or total rows skipped: 2',
    );

    // An invitation for P-002 makes it ongoing; an award for P-003 makes it awarded.
    const database = testApp.site;
    const attach = async (collection: string, values: Record<string, string>, code: string) => {
      const kind = kindByCollection(collection)!;
      const { id } = (await insertRecords(database, kind, [{ values }]))[0]!;
      await attachNewNotice(
        database,
        { kind, id, values },
        { projectId: (await planLineProject(database, 2026, code))!.id },
        new Date(),
      );
    };
    await attach(
      'public_bidding',
      {
        bid_number: 'ITB-P-002',
        project_title: 'School chairs',
        abc: '500000.00',
        link: 'https://example.org/itb.pdf',
      },
      'P-002',
    );
    await attach(
      'notice_of_awards',
      {
        pr_number: 'PR-P-003',
        project_title: 'Rescue boat',
        supplier: 'Dagat Marine',
        mode_of_procurement: 'Public Bidding',
        contract_amount: '880000.00',
        link: 'https://example.org/noa.pdf',
      },
      'P-003',
    );

    const api = await testApp.app.inject({ url: '/api/procurement-plan?year=2026' });
    expect(api.statusCode).toBe(200);
    const plan = api.json() as ProcurementPlan;
    expect(plan.total).toBe('2634567.89');
    expect(plan.years).toContain(2026);
    expect(
      plan.lines.map((line) => [line.appCode, line.budget, line.awarded, line.status]),
    ).toEqual([
      ['P-001', '1234567.89', null, 'planned'],
      ['P-002', '500000.00', null, 'ongoing'],
      ['P-003', '900000.00', '880000.00', 'awarded'],
    ]);
    expect((await testApp.app.inject({ url: '/api/procurement-plan?year=26' })).statusCode).toBe(
      400,
    );

    const html = await testApp.app.inject({ url: '/procurement-plan?year=2026' });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(`href="/procurement/${plan.lines[0]!.ocid}"`);
    expect(html.body).toContain('₱1,234,567.89');
    expect(html.body).toContain('₱2,634,567.89');
    expect(html.body).toContain('Awarded');
    // Planned against awarded by office, drawn and tabled: MDRRMO planned ₱900,000, awarded ₱880,000.
    expect(html.body).toContain('Planned budget against awarded value by office, 2026');
    expect(html.body).toMatch(
      /<th scope="row">MDRRMO<\/th><td>₱900,000\.00<\/td><td>₱880,000\.00<\/td>/,
    );
    const fil = await testApp.app.inject({ url: '/fil/procurement-plan?year=2026' });
    expect(fil.body).toContain('Taunang Plano ng Procurement');
    expect(fil.body).toContain('Naigawad na');
    expect((await testApp.app.inject({ url: '/procurement-plan?year=abc' })).statusCode).toBe(400);

    const csv = await testApp.app.inject({ url: '/api/procurement-plan.csv?year=2026' });
    expect(csv.body.split('\r\n')[0] ?? csv.body.split('\n')[0]).toContain('app_code,title');
    expect(csv.body).toContain('P-003,Rescue boat');
  });
});
