import { sql } from 'kysely';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../server/content/load.ts';
import type { ProcurementProjectDetail } from '../../shared/procurement-projects/procurement-project.ts';
import type { ApiVisitor } from '../helpers/staff.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { OPERATOR } from './cli-harness.ts';
import { useEngineWorkspace } from './cli-engine-workspace.ts';
import { auditDetails } from '../helpers/audit-details.ts';
import { scalar } from '../helpers/site-scalar.ts';

const content = await loadContent(path.resolve('content'));
const PREFIX = content.site.openData.ocidPrefix;

describe('contract amendments through the API', () => {
  const testApp = useTestApp({ SITE_URL: 'https://procurement.example.gov.ph' });
  let bac: ApiVisitor;
  let news: ApiVisitor;
  let ocid: string;

  async function post(visitor: ApiVisitor, url: string, payload: unknown) {
    return visitor.request({
      method: 'POST',
      url,
      headers: { 'x-csrf-token': await visitor.csrfToken() },
      payload,
    });
  }
  const amend = (visitor: ApiVisitor, payload: unknown, target = ocid) =>
    post(visitor, `/api/procurements/${encodeURIComponent(target)}/contract-amendments`, payload);
  const amendmentRows = () => scalar(testApp.site, 'SELECT count(*) FROM contract_amendments');

  beforeAll(async () => {
    ({ visitor: bac } = await signedInStaff(
      testApp,
      'bac.amend@san-isidro.gov.ph',
      'a long bac passphrase',
    ));
    ({ visitor: news } = await signedInStaff(
      testApp,
      'info.amend@san-isidro.gov.ph',
      'a long info passphrase',
      ['information'],
    ));
    const invitation = await post(bac, '/api/records/public_bidding', {
      bid_number: 'ITB-2026-070',
      project_title: 'Concreting of Purok 3 Road',
      abc: '2,000,000.00',
      closing_date: '2026-03-10T10:00',
      link: 'https://example.org/itb-070.pdf',
    });
    expect(invitation.statusCode).toBe(201);
    ocid = `${PREFIX}-public_bidding-${invitation.json().id}`;
    const proceed = await post(bac, '/api/records/notice_to_proceed', {
      pr_number: 'PR-2026-070',
      project_title: 'Concreting of Purok 3 Road',
      supplier: 'Daan Builders',
      mode_of_procurement: 'Public Bidding',
      contract_amount: '1,900,000.00',
      link: 'https://example.org/ntp-070.pdf',
      project: ocid,
    });
    expect(proceed.statusCode).toBe(201);
  });

  it('stores an amendment with its audit entry and answers the amount’s path', async () => {
    const added = await amend(bac, {
      amount: '2,090,000.00',
      date: '2026-05-04',
      reason: 'Variation order 1: drainage added at the curve',
    });
    expect(added.statusCode).toBe(201);
    const project = added.json().project as ProcurementProjectDetail;
    expect(project.contractAmount).toBe('1900000.00');
    expect(project.amendments).toEqual([
      {
        date: '2026-05-04',
        amount: '2090000.00',
        previousAmount: '1900000.00',
        reason: 'Variation order 1: drainage added at the curve',
        created: expect.stringMatching(/Z$/),
        document: null,
      },
    ]);
    // A second amendment starts from the first one's amount.
    expect(
      (await amend(bac, { amount: '2050000', date: '2026-06-01', reason: 'VO 2: shorter' }))
        .statusCode,
    ).toBe(201);
    const detail = (
      await testApp.app.inject(`/api/procurements/${encodeURIComponent(ocid)}`)
    ).json() as ProcurementProjectDetail;
    expect(detail.amendments.map((a) => [a.previousAmount, a.amount])).toEqual([
      ['1900000.00', '2090000.00'],
      ['2090000.00', '2050000.00'],
    ]);
    // The same path under the contract it changes: the Notice to Proceed in force.
    expect(detail.awards).toEqual([]);
    expect(detail.contracts).toEqual([
      {
        id: expect.stringMatching(/^notice_to_proceed-\d+$/),
        status: 'published',
        supplier: 'Daan Builders',
        amount: '1900000.00',
        currentAmount: '2050000.00',
        date: expect.stringMatching(/Z$/),
        amendments: detail.amendments,
        completion: null,
      },
    ]);
    const audit = await testApp.site.db
      .selectFrom('audit_log')
      .select(['actor', 'detail'])
      .where('action', '=', 'contract-amended')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => [entry.actor, JSON.parse(entry.detail)])).toMatchObject([
      ['bac.amend@san-isidro.gov.ph', { amount: '2090000.00', date: '2026-05-04', role: 'bac' }],
      ['bac.amend@san-isidro.gov.ph', { amount: '2050000.00', date: '2026-06-01', role: 'bac' }],
    ]);
    const page = (await testApp.app.inject(`/procurement/${encodeURIComponent(ocid)}`)).body;
    const html = page.slice(0, page.indexOf('<script'));
    expect(html).toContain('Original contract amount: ₱1,900,000.00');
    expect(html).toContain('New contract amount: ₱2,090,000.00');
    expect(html).toContain('Change: +₱190,000.00 (+10.0%)');
    expect(html).toContain('Change: -₱40,000.00 (-1.9%)');
    expect(html).toContain('VO 2: shorter');
    const filipino = (await testApp.app.inject(`/fil/procurement/${encodeURIComponent(ocid)}`))
      .body;
    expect(filipino).toContain('Bagong halaga ng kontrata: ₱2,050,000.00');
  });

  it('refuses bad values with a code, an unknown project with 404, and staff without the role', async () => {
    const before = await amendmentRows();
    const badDate = await amend(bac, { amount: '1.00', date: '2026-02-30', reason: 'x' });
    expect([badDate.statusCode, badDate.json().code]).toEqual([400, 'INVALID_INPUT']);
    expect(Object.keys(badDate.json().errors)).toEqual(['date']);
    const blank = await amend(bac, { amount: '-5', date: '2026-02-03', reason: '  ' });
    expect([blank.statusCode, blank.json().code]).toEqual([400, 'INVALID_INPUT']);
    expect(Object.keys(blank.json().errors).sort()).toEqual(['amount', 'reason']);
    const missing = await amend(bac, { amount: '1.00', date: '2026-02-03' });
    expect([missing.statusCode, missing.json().code]).toEqual([400, 'INVALID_INPUT']);
    const unknown = await amend(
      bac,
      { amount: '1.00', date: '2026-02-03', reason: 'x' },
      `${PREFIX}-nowhere`,
    );
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NO_SUCH_PROJECT']);
    const forbidden = await amend(news, { amount: '1.00', date: '2026-02-03', reason: 'x' });
    expect([forbidden.statusCode, forbidden.json().code]).toEqual([403, 'NOT_PERMITTED']);
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: `/api/procurements/${encodeURIComponent(ocid)}/contract-amendments`,
      payload: { amount: '1.00', date: '2026-02-03', reason: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await amendmentRows()).toBe(before);
  });

  it('describes the route and the amendments in /openapi.json', async () => {
    const openapi = (await testApp.app.inject('/openapi.json')).json();
    const route = openapi.paths['/api/procurements/{ocid}/contract-amendments'].post;
    expect(Object.keys(route.responses)).toEqual(['201', '4XX', '5XX']);
    expect(route.requestBody.content['application/json'].schema.required).toEqual([
      'amount',
      'date',
      'reason',
    ]);
    const detail =
      openapi.paths['/api/procurements/{ocid}'].get.responses['200'].content['application/json']
        .schema;
    expect(detail.required).toEqual(expect.arrayContaining(['amendments', 'awards', 'contracts']));
    expect(detail.properties.contracts.items.properties.amendments.items.required).toContain(
      'previousAmount',
    );
  });
});

describe('import contract-amendments', { timeout: 180_000 }, () => {
  const space = useEngineWorkspace();

  it('stores a good file and refuses a file with a bad row by its line, storing nothing', async () => {
    const notices = await space.file(
      'awards.csv',
      'pr_number,project_title,supplier,mode_of_procurement,contract_amount,link\nPR-2026-500,School chairs,Upuan Trading,Small Value Procurement,"500,000.00",https://example.org/a.pdf\n',
    );
    expect((await space.run(['import', 'notice_of_awards', notices, '--as', OPERATOR])).code).toBe(
      0,
    );
    const header = 'project,amount,date,reason';
    const bad = await space.file(
      'bad.csv',
      `${header}\nPR-2026-500,"520,000.00",2026-07-01,More chairs\nPR-2026-500,520000,2026-13-01,Wrong month\n`,
    );
    const refused = await space.run(['import', 'contract-amendments', bad, '--as', OPERATOR]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('line 3, date:');
    expect(refused.stderr).not.toContain('line 2');
    const unknown = await space.file('unknown.csv', `${header}\nPR-NOWHERE,1.00,2026-07-01,x\n`);
    const nowhere = await space.run(['import', 'contract-amendments', unknown, '--as', OPERATOR]);
    expect([nowhere.code, nowhere.stderr.includes('line 2, project:')]).toEqual([1, true]);

    const amendments = () =>
      space.read((database) => scalar(database, 'SELECT count(*) FROM contract_amendments'));
    expect(await amendments()).toBe(0);

    const good = await space.file(
      'good.csv',
      `${header}\nPR-2026-500,"520,000.00",2026-07-01,More chairs\nPR-2026-500,530000,2026-08-01,Delivery to the annex\n`,
    );
    const checked = await space.run(['import', 'contract-amendments', good, '--dry-run']);
    expect([checked.code, checked.stdout]).toEqual([
      0,
      expect.stringContaining('2 amendments, all valid. Nothing was written'),
    ]);
    const stored = await space.run(['import', 'contract-amendments', good, '--as', OPERATOR]);
    expect([stored.code, stored.stderr]).toEqual([0, '']);
    await space.read(async (database) => {
      const { rows } = await sql`SELECT amount, date, reason, actor FROM contract_amendments
        ORDER BY id`.execute(database.db);
      expect(rows).toEqual([
        { amount: 52_000_000, date: '2026-07-01', reason: 'More chairs', actor: OPERATOR },
        {
          amount: 53_000_000,
          date: '2026-08-01',
          reason: 'Delivery to the annex',
          actor: OPERATOR,
        },
      ]);
      expect(await auditDetails(database, 'contract-amended')).toHaveLength(2);
    });
  });
});
