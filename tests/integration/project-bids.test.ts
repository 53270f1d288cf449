import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { OPERATOR } from './cli-harness.ts';
import { useEngineWorkspace } from './cli-engine-workspace.ts';
import { scalar } from '../helpers/site-scalar.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { followRefusedForm, OVER_LONG_REASON } from '../helpers/refused-form.ts';
import { signedInStaff, type ApiVisitor } from '../helpers/staff.ts';
import type { ProcurementProjectDetail } from '../../shared/procurement-projects/procurement-project.ts';
import { addBids } from '../../db/procurement-projects/bids.ts';
import { loadContent } from '../../server/content/load.ts';

const PREFIX = (await loadContent(resolve('content'))).site.openData.ocidPrefix;

describe('the abstract of bids through the API', () => {
  const testApp = useTestApp({ SITE_URL: 'https://procurement.example.gov.ph' });
  let ocid: string;
  let news: ApiVisitor;
  let bac: ApiVisitor;

  /** A JSON write with the visitor's session and CSRF token. */
  const post = async (visitor: ApiVisitor, url: string, payload: unknown) =>
    visitor.request({
      url,
      method: 'POST',
      payload,
      headers: { 'x-csrf-token': await visitor.csrfToken() },
    });
  const bid = (visitor: ApiVisitor, payload: unknown, target = ocid) =>
    post(visitor, `/api/procurements/${encodeURIComponent(target)}/bids`, payload);
  const bidRows = () => scalar(testApp.site, 'SELECT count(*) FROM project_bids');
  const bidAudits = () =>
    scalar(testApp.site, "SELECT count(*) FROM audit_log WHERE action = 'bid-added'");

  beforeAll(async () => {
    ({ visitor: bac } = await signedInStaff(
      testApp,
      'bac.bids@san-isidro.gov.ph',
      'a long bac passphrase',
    ));
    ({ visitor: news } = await signedInStaff(
      testApp,
      'info.bids@san-isidro.gov.ph',
      'a long info passphrase',
      ['information'],
    ));
    const invitation = await post(bac, '/api/records/public_bidding', {
      bid_number: 'ITB-2026-080',
      project_title: 'Rehabilitation of the Barangay Hall',
      abc: '3,000,000.00',
      closing_date: '2026-03-10T10:00',
      link: 'https://example.org/itb-080.pdf',
    });
    expect(invitation.statusCode).toBe(201);
    ocid = `${PREFIX}-public_bidding-${invitation.json().id}`;
  });

  it('stores bids with their audit entries and shows the abstract on the API and the page', async () => {
    const first = await bid(bac, {
      bidder: 'Tibay Builders, Inc.',
      amount: '2,850,000.00',
      outcome: 'lcrb',
    });
    expect(first.statusCode).toBe(201);
    const second = await bid(bac, {
      bidder: 'Matatag Construction',
      amount: '2790000',
      outcome: 'failed-post-qualification',
      reason: 'Ongoing contracts exceed its net financial contracting capacity',
    });
    expect(second.statusCode).toBe(201);
    const project = second.json().project as ProcurementProjectDetail;
    expect(project.bids).toEqual([
      {
        bidder: 'Matatag Construction',
        amount: '2790000.00',
        outcome: 'failed-post-qualification',
        reason: 'Ongoing contracts exceed its net financial contracting capacity',
        created: expect.stringMatching(/Z$/),
      },
      {
        bidder: 'Tibay Builders, Inc.',
        amount: '2850000.00',
        outcome: 'lcrb',
        reason: '',
        created: expect.stringMatching(/Z$/),
      },
    ]);
    const detail = (
      await testApp.app.inject(`/api/procurements/${encodeURIComponent(ocid)}`)
    ).json() as ProcurementProjectDetail;
    expect(detail.bids.map((b) => b.bidder)).toEqual([
      'Matatag Construction',
      'Tibay Builders, Inc.',
    ]);
    const audit = await testApp.site.db
      .selectFrom('audit_log')
      .select(['actor', 'detail'])
      .where('action', '=', 'bid-added')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => [entry.actor, JSON.parse(entry.detail)])).toMatchObject([
      ['bac.bids@san-isidro.gov.ph', { amount: '2850000.00', outcome: 'lcrb', role: 'bac' }],
      [
        'bac.bids@san-isidro.gov.ph',
        { amount: '2790000.00', outcome: 'failed-post-qualification', role: 'bac' },
      ],
    ]);
    const page = (await testApp.app.inject(`/procurement/${encodeURIComponent(ocid)}`)).body;
    const html = page.slice(0, page.indexOf('<script'));
    expect(html).toContain('Abstract of bids');
    expect(html).toContain('Number of bidders: 2');
    expect(html).toContain('₱2,790,000.00');
    expect(html).toContain('Failed: post-qualification');
    expect(html).toContain('Lowest calculated responsive bid (LCRB)');
    const filipino = (await testApp.app.inject(`/fil/procurement/${encodeURIComponent(ocid)}`))
      .body;
    expect(filipino).toContain('Bilang ng bidder: 2');
    expect(filipino).toContain('Hindi pumasa: post-qualification');
  });

  it('refuses bad values with codes, a second LCRB, an unknown project and staff without the role', async () => {
    const before = [await bidRows(), await bidAudits()];
    const bad = await bid(bac, { bidder: '  ', amount: '1,00', outcome: 'cheapest' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'INVALID_INPUT']);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'bidder', 'outcome']);
    const noReason = await bid(bac, { bidder: 'X', amount: '1.00', outcome: 'withdrawn' });
    expect([noReason.statusCode, Object.keys(noReason.json().errors)]).toEqual([400, ['reason']]);
    const missing = await bid(bac, { bidder: 'X', outcome: 'responsive' });
    expect([missing.statusCode, missing.json().code]).toEqual([400, 'INVALID_INPUT']);
    const secondLcrb = await bid(bac, { bidder: 'Y Corp.', amount: '2,900,000', outcome: 'lcrb' });
    expect([secondLcrb.statusCode, secondLcrb.json().code]).toEqual([409, 'LCRB_TAKEN']);
    const unknown = await bid(
      bac,
      { bidder: 'X', amount: '1.00', outcome: 'responsive' },
      `${PREFIX}-nowhere`,
    );
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NO_SUCH_PROJECT']);
    const forbidden = await bid(news, { bidder: 'X', amount: '1.00', outcome: 'responsive' });
    expect([forbidden.statusCode, forbidden.json().code]).toEqual([403, 'NOT_PERMITTED']);
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: `/api/procurements/${encodeURIComponent(ocid)}/bids`,
      payload: { bidder: 'X', amount: '1.00', outcome: 'responsive' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect([await bidRows(), await bidAudits()]).toEqual(before);
  });

  it('writes bids and audit entries in one transaction: a failing bid stores none of the batch', async () => {
    const before = [await bidRows(), await bidAudits()];
    const { rows } = await sql<{ id: number }>`SELECT id FROM procurement_projects
      WHERE process_key = ${ocid.slice(PREFIX.length + 1)}`.execute(testApp.site.db);
    const projectId = rows[0]!.id;
    const bidOf = (bidder: string, outcome: 'responsive' | 'lcrb') => ({
      projectId,
      projectKey: undefined,
      bidder,
      amount: 100,
      outcome,
      reason: '',
    });
    // The second is a second LCRB, which the database's unique index refuses.
    await expect(
      addBids(
        testApp.site,
        [bidOf('Good Bidder', 'responsive'), bidOf('Second Lcrb', 'lcrb')],
        { actor: 'test', address: null, detail: {} },
        new Date(),
      ),
    ).rejects.toThrow();
    expect([await bidRows(), await bidAudits()]).toEqual(before);
  });

  it('the staff form adds a bid without JavaScript, in either language, and keeps what was typed when refused', async () => {
    const page = `/staff/procurement/${encodeURIComponent(ocid)}/bids`;
    const shown = await bac.request({ method: 'GET', url: `/fil${page}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Idagdag ang bid');
    const form = async (url: string, fields: Record<string, string>) =>
      bac.request({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ _csrf: await bac.csrfToken(), ...fields }).toString(),
      });
    const added = await form(page, {
      bidder: 'Kabisig Builders',
      amount: '2,950,000.00',
      outcome: 'responsive',
      reason: '',
    });
    expect([added.statusCode, added.headers.location]).toEqual([303, `${page}?result=added`]);
    const refused = await form(`/fil${page}`, {
      bidder: 'Kabisig Builders',
      amount: '2,95',
      outcome: 'withdrawn',
      reason: '',
    });
    expect(refused.statusCode).toBe(303);
    const back = String(refused.headers.location);
    expect(back.startsWith(`/fil${page}?result=INVALID_INPUT`)).toBe(true);
    const again = await bac.request({ method: 'GET', url: back });
    expect(again.body).toContain('value="2,95"');
    expect(again.body).toContain('Punan ito.');
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: page,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'bidder=X&amount=1&outcome=responsive',
    });
    expect([anonymous.statusCode, anonymous.headers.location]).toEqual([303, '/bac-login']);
    const forbidden = await news.request({
      method: 'POST',
      url: page,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        _csrf: await news.csrfToken(),
        bidder: 'X',
        amount: '1',
        outcome: 'responsive',
      }).toString(),
    });
    expect(String(forbidden.headers.location)).toContain('result=NOT_PERMITTED');
    const detail = (
      await testApp.app.inject(`/api/procurements/${encodeURIComponent(ocid)}`)
    ).json() as ProcurementProjectDetail;
    expect(detail.bids.filter((b) => b.bidder === 'Kabisig Builders')).toHaveLength(1);
  });

  it('sends a refused over-long reason back cut to its longest, so the form still loads', async () => {
    const page = `/staff/procurement/${encodeURIComponent(ocid)}/bids`;
    const refused = await bac.request({
      method: 'POST',
      url: page,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        _csrf: await bac.csrfToken(),
        bidder: 'Haba Builders',
        amount: '1,000.00',
        outcome: 'withdrawn',
        reason: OVER_LONG_REASON,
      }).toString(),
    });
    const { query, body } = await followRefusedForm(bac, refused);
    expect(query.get('result')).toBe('INVALID_INPUT');
    expect(query.get('p_reason')).toBe('tooLong');
    expect(body).toContain('The bid was not stored.');
    expect(body).toContain('This is too long.');
    expect(body).toContain('value="Haba Builders"');
  });

  it('describes the route and the bids in /openapi.json', async () => {
    const openapi = (await testApp.app.inject('/openapi.json')).json();
    const route = openapi.paths['/api/procurements/{ocid}/bids'].post;
    expect(Object.keys(route.responses)).toEqual(['201', '4XX', '5XX']);
    expect(route.requestBody.content['application/json'].schema.required).toEqual([
      'bidder',
      'amount',
      'outcome',
    ]);
    const detail =
      openapi.paths['/api/procurements/{ocid}'].get.responses['200'].content['application/json']
        .schema;
    expect(detail.required).toContain('bids');
  });
});

describe('import bids', { timeout: 180_000 }, () => {
  const space = useEngineWorkspace();

  it('stores a good file and refuses a file with bad rows by their lines, storing nothing', async () => {
    const notices = await space.file(
      'awards.csv',
      'pr_number,project_title,supplier,mode_of_procurement,contract_amount,link\nPR-2026-600,Office tables,Mesa Trading,Small Value Procurement,"300,000.00",https://example.org/t.pdf\n',
    );
    expect((await space.run(['import', 'notice_of_awards', notices, '--as', OPERATOR])).code).toBe(
      0,
    );
    const header = 'project,bidder,bid_amount,outcome,reason';
    const bad = await space.file(
      'bad.csv',
      `${header}\nPR-2026-600,Mesa Trading,"300,000.00",lcrb,\nPR-2026-600,Lamesa Co.,abc,responsive,\nPR-2026-600,Upuan Inc.,"310,000",lcrb,\nPR-2026-600,Silya Ent.,"320,000",withdrawn,\nPR-NOWHERE,Z,1.00,responsive,\n`,
    );
    const refused = await space.run(['import', 'bids', bad, '--as', OPERATOR]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('line 3, bid_amount:');
    expect(refused.stderr).toContain('line 4, outcome:');
    expect(refused.stderr).toContain('(line 2)');
    expect(refused.stderr).toContain('line 5, reason:');
    expect(refused.stderr).toContain('line 6, project:');
    expect(refused.stderr).not.toContain('line 2,');
    const wrongHeader = await space.file('header.csv', 'project,bidder,amount\nx,y,1\n');
    const badHeader = await space.run(['import', 'bids', wrongHeader, '--as', OPERATOR]);
    expect([badHeader.code, badHeader.stderr]).toEqual([1, expect.stringContaining('bid_amount')]);
    const noActor = await space.run(['import', 'bids', bad]);
    expect(noActor.code).not.toBe(0);

    expect(
      await space.read((database) => scalar(database, 'SELECT count(*) FROM project_bids')),
    ).toBe(0);

    const good = await space.file(
      'good.csv',
      `${header}\nPR-2026-600,Mesa Trading,"300,000.00",lcrb,\nPR-2026-600,"Lamesa Co., Inc.",295000,failed-eligibility,Expired mayor's permit\n`,
    );
    const checked = await space.run(['import', 'bids', good, '--dry-run']);
    expect([checked.code, checked.stdout]).toEqual([
      0,
      expect.stringContaining('2 bids, all valid. Nothing was written'),
    ]);
    const stored = await space.run(['import', 'bids', good, '--as', OPERATOR]);
    expect([stored.code, stored.stderr]).toEqual([0, '']);
    await space.read(async (database) => {
      const { rows } = await sql`SELECT bidder, bidder_folded, amount, outcome, reason, actor
        FROM project_bids ORDER BY id`.execute(database.db);
      expect(rows).toEqual([
        {
          bidder: 'Mesa Trading',
          bidder_folded: 'mesa trading',
          amount: 30_000_000,
          outcome: 'lcrb',
          reason: '',
          actor: OPERATOR,
        },
        {
          bidder: 'Lamesa Co., Inc.',
          bidder_folded: 'lamesa',
          amount: 29_500_000,
          outcome: 'failed-eligibility',
          reason: "Expired mayor's permit",
          actor: OPERATOR,
        },
      ]);
      expect(
        await scalar(database, "SELECT count(*) FROM audit_log WHERE action = 'bid-added'"),
      ).toBe(2);
    });
    // A second LCRB for the same project, now stored, is refused by its line.
    const again = await space.file('again.csv', `${header}\nPR-2026-600,Other,1.00,lcrb,\n`);
    const refusedAgain = await space.run(['import', 'bids', again, '--as', OPERATOR]);
    expect([refusedAgain.code, refusedAgain.stderr]).toEqual([
      1,
      expect.stringContaining('line 2, outcome:'),
    ]);
  });
});
