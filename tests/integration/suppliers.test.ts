import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addBids } from '../../db/procurement-projects/bids.ts';
import { insertProject } from '../../db/procurement-projects/project-notices.ts';
import { withdrawRecord } from '../../db/records/record-amendments.ts';
import { insertRecords, type RecordValues } from '../../db/records/record-queries.ts';
import { kindByValue } from '../../shared/record-kinds.ts';
import { loadContent } from '../../server/content/load.ts';
import { useTestApp } from '../helpers/test-app.ts';

const award = kindByValue('notice_of_award')!;
const proceed = kindByValue('notice_to_proceed')!;
const SITE_URL = 'https://procurement.example.gov.ph';

function notice(supplier: string, amount: string, reference: string, title: string): RecordValues {
  return {
    pr_number: `PR-${title}`,
    project_title: title,
    supplier,
    mode_of_procurement: 'Public Bidding',
    ...(reference ? { philgeps_reference: reference } : {}),
    contract_amount: amount,
    link: `https://example.org/${encodeURIComponent(title)}.pdf`,
  };
}

describe('suppliers', () => {
  // No demo records: the municipality's yearly totals are exactly the notices added here.
  const testApp = useTestApp({ SITE_URL });
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const database = testApp.site;
    const awards = await insertRecords(database, award, [
      {
        values: notice('Nueva Esperanza Builders, Inc.', '1000000.00', 'PG-1', 'Road A'),
        created: new Date('2043-03-10T02:00:00.000Z'),
      },
      {
        // 1:00 AM on New Year's Day in Manila: a 2044 award, though 2043 in UTC.
        values: notice('Nueva Esperanza Builders Incorporated', '500000.00', 'PG-2', 'Road B'),
        created: new Date('2043-12-31T17:00:00.000Z'),
      },
      {
        values: notice('Dela Cruz Enterprises', '3000000.00', 'PG-3', 'School C'),
        created: new Date('2043-06-01T02:00:00.000Z'),
      },
      {
        values: notice('NUEVA ESPERANZA BUILDERS CORP', '7000000.00', 'PG-9', 'Withdrawn D'),
        created: new Date('2043-05-01T02:00:00.000Z'),
      },
    ]);
    const notices = await insertRecords(database, proceed, [
      {
        // The notice to proceed of the PG-1 award: the same award, not counted again.
        values: notice('NUEVA ESPERANZA BUILDERS INC', '1000000.00', 'pg-1 ', 'Road A'),
        created: new Date('2043-03-20T02:00:00.000Z'),
      },
      {
        // No notice of award posted for it: the notice to proceed is its award.
        values: notice('Dela Cruz Ent.', '250000.00', '', 'Drainage E'),
        created: new Date('2043-07-01T02:00:00.000Z'),
      },
    ]);
    ids.roadA = awards[0]!.id;
    ids.drainage = notices[1]!.id;
    const withdrawn = await withdrawRecord(database, award, awards[3]!.id, {
      actor: 'bac@example.gov.ph',
      address: null,
      reason: 'Posted in error',
    });
    expect(withdrawn.ok).toBe(true);
    // Written through a connection of the test's own: the app's cache learns of it now
    // rather than when the notification comes (PostgreSQL; nothing to wait for on SQLite).
    await testApp.app.settlePageVersion();
  });

  const get = (url: string) => testApp.app.inject({ url });

  it('lists suppliers by awarded value, two spellings as one, withdrawn notices left out', async () => {
    const response = await get('/api/suppliers');
    expect(response.statusCode).toBe(200);
    // Cacheable as the record lists are.
    const records = await get('/api/records/notice_of_awards');
    expect(response.headers['cache-control']).toBe(records.headers['cache-control']);
    expect(response.json()).toEqual({
      items: [
        { id: 'dela-cruz', name: 'Dela Cruz Ent.', awards: 2, awardedValue: '3250000.00' },
        {
          id: 'nueva-esperanza-builders',
          name: 'Nueva Esperanza Builders Incorporated',
          awards: 2,
          awardedValue: '1500000.00',
        },
      ],
      page: 1,
      pageSize: 5,
      total: 2,
    });
  });

  it('searches names as any notice spells them, and pages like the record lists', async () => {
    const found = (await get('/api/suppliers?q=ESPERANZA%20builders,%20inc')).json();
    expect(found.total).toBe(1);
    expect(found.items[0].id).toBe('nueva-esperanza-builders');
    expect(
      (await get('/api/suppliers?q=ent.')).json().items.map((s: { id: string }) => s.id),
    ).toEqual(['dela-cruz']);
    expect((await get('/api/suppliers?q=Withdrawn')).json().total).toBe(0);
    const past = (await get('/api/suppliers?page=2')).json();
    expect(past).toMatchObject({ page: 2, total: 2, items: [] });
    const bad = await get('/api/suppliers?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Page must be/);
  });

  it('answers one supplier with every award and its share of each Manila year', async () => {
    const response = await get('/api/suppliers/nueva-esperanza-builders');
    expect(response.statusCode).toBe(200);
    const supplier = response.json();
    expect(supplier.spellings).toEqual([
      'Nueva Esperanza Builders Incorporated',
      'Nueva Esperanza Builders, Inc.',
    ]);
    expect(supplier.awardsWon).toEqual([
      {
        collection: 'notice_of_awards',
        id: expect.any(Number),
        projectTitle: 'Road B',
        amount: '500000.00',
        mode: 'Public Bidding',
        philgepsReference: 'PG-2',
        supplierName: 'Nueva Esperanza Builders Incorporated',
        date: '2043-12-31T17:00:00.000Z',
      },
      expect.objectContaining({
        collection: 'notice_of_awards',
        id: ids.roadA,
        amount: '1000000.00',
      }),
    ]);
    // 2043: 1,000,000 of the 4,250,000 awarded (the withdrawn 7,000,000 is no award).
    expect(supplier.years).toEqual([
      {
        year: 2044,
        awards: 1,
        awardedValue: '500000.00',
        municipalityValue: '500000.00',
        share: 1,
      },
      {
        year: 2043,
        awards: 1,
        awardedValue: '1000000.00',
        municipalityValue: '4250000.00',
        share: 0.2353,
      },
    ]);
    const other = (await get('/api/suppliers/dela-cruz')).json();
    expect(other.awardsWon.map((a: { collection: string }) => a.collection)).toEqual([
      'notice_to_proceed',
      'notice_of_awards',
    ]);
    expect(other.years).toEqual([
      expect.objectContaining({ year: 2043, awardedValue: '3250000.00', share: 0.7647 }),
    ]);
  });

  it('answers 404 for a supplier no published award names', async () => {
    expect((await get(`/api/suppliers/${'x'.repeat(500)}`)).statusCode).toBe(404);
    for (const id of ['nobody', 'nueva-esperanza-builders-corp', 'x'.repeat(95)]) {
      const response = await get(`/api/suppliers/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe('No such supplier');
    }
    expect((await get('/suppliers/nobody.csv')).statusCode).toBe(404);
  });

  it('declares its routes and their answers in /openapi.json', async () => {
    const document = (await get('/openapi.json')).json();
    const list = document.paths['/api/suppliers'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(['q', 'page']);
    expect(
      Object.keys(list.responses['200'].content['application/json'].schema.properties),
    ).toEqual(['items', 'page', 'pageSize', 'total']);
    const one = document.paths['/api/suppliers/{id}'].get;
    expect(one.responses['200'].content['application/json'].schema.required).toContain('years');
    expect(Object.keys(one.responses)).toContain('4XX');
    expect(document.paths['/suppliers.csv'].get.responses['200'].content['text/csv']).toBeDefined();
    expect(document.paths['/suppliers/{id}.csv'].get.parameters[0].name).toBe('id');
  });

  it('gives the list and each supplier’s awards as CSV, with an ETag', async () => {
    const list = await get('/suppliers.csv?q=esperanza');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/csv/);
    expect(list.headers['content-disposition']).toBe('attachment; filename="suppliers-search.csv"');
    expect(list.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'id,name,awards,awarded_value,url',
      `nueva-esperanza-builders,Nueva Esperanza Builders Incorporated,2,1500000.00,${SITE_URL}/suppliers/nueva-esperanza-builders`,
      '',
    ]);
    const awards = await get('/suppliers/dela-cruz.csv');
    expect(awards.statusCode).toBe(200);
    const rows = awards.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(rows[0]).toBe(
      'supplier_id,supplier_name,collection,id,project_title,contract_amount,mode_of_procurement,philgeps_reference,date,url',
    );
    expect(rows[1]).toBe(
      `dela-cruz,Dela Cruz Ent.,notice_to_proceed,${ids.drainage},Drainage E,250000.00,Public Bidding,,2043-07-01T10:00:00.000+08:00,${SITE_URL}/bids-award-notice-to-proceed/${ids.drainage}`,
    );
    expect(rows).toHaveLength(4);
    const again = await testApp.app.inject({
      url: '/suppliers/dela-cruz.csv',
      headers: { 'if-none-match': awards.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('renders the list and a supplier’s page in both languages, without JavaScript', async () => {
    const list = await get('/suppliers?q=esperanza');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('<h1');
    expect(list.body).toContain('href="/suppliers/nueva-esperanza-builders"');
    expect(list.body).toContain('₱1,500,000.00');
    expect(list.body).not.toContain('Dela Cruz');
    const filipino = await get('/fil/suppliers');
    expect(filipino.statusCode).toBe(200);
    expect(filipino.body).toContain('Mga Supplier');
    expect(filipino.body).toContain('href="/fil/suppliers/dela-cruz"');
    const page = await get('/fil/suppliers/nueva-esperanza-builders');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('23.53%');
    expect(page.body).toContain('Nueva Esperanza Builders, Inc.');
    expect(page.body).toContain(`href="/fil/notice-of-award/${ids.roadA}"`);
    expect(page.body).toContain('href="/suppliers/nueva-esperanza-builders.csv"');
    expect((await get('/suppliers/nobody')).statusCode).toBe(404);
    const hub = await get('/bids-and-awards');
    expect(hub.body).toContain('href="/suppliers"');
  });
});

describe('the projects a supplier bid on', () => {
  const testApp = useTestApp({ SITE_URL });
  const get = (url: string) => testApp.app.inject({ url });
  let ocid: string;

  beforeAll(async () => {
    const database = testApp.site;
    const prefix = (await loadContent(resolve('content'))).site.openData.ocidPrefix;
    await insertRecords(database, award, [
      {
        values: notice('MATIBAY BUILDERS', '4100000.00', 'PG-40', 'Bridge F'),
        created: new Date('2043-04-01T02:00:00.000Z'),
      },
    ]);
    const key = 'bridge-f-2043';
    const projectId = await insertProject(
      database,
      { processKey: key, title: 'Construction of Bridge F' },
      new Date('2043-02-01T02:00:00.000Z'),
    );
    ocid = `${prefix}-${key}`;
    const bid = (bidder: string, amount: number, outcome: 'lcrb' | 'failed-eligibility') => ({
      projectId,
      projectKey: key,
      bidder,
      amount,
      outcome,
      reason: outcome === 'lcrb' ? '' : 'No PhilGEPS registration',
    });
    await addBids(
      database,
      // Another spelling of the supplier's name, and a bidder that is not it.
      [bid('Matibay Builders, Inc.', 410_000_000, 'lcrb'), bid('Matatag', 1, 'failed-eligibility')],
      { actor: 'test', address: null, detail: {} },
      new Date('2043-03-10T02:00:00.000Z'),
    );
  });

  it('answers its bids in the API, the amount a decimal string and the outcome a code', async () => {
    const supplier = (await get('/api/suppliers/matibay-builders')).json();
    expect(supplier.bidsOn).toEqual([
      {
        ocid,
        projectTitle: 'Construction of Bridge F',
        bidder: 'Matibay Builders, Inc.',
        amount: '4100000.00',
        outcome: 'lcrb',
        date: '2043-03-10T02:00:00.000Z',
      },
    ]);
    const document = (await get('/openapi.json')).json();
    const schema =
      document.paths['/api/suppliers/{id}'].get.responses['200'].content['application/json'].schema;
    expect(schema.required).toContain('bidsOn');
  });

  it('shows them on its page in both languages, each linked to its project page', async () => {
    const english = await get('/suppliers/matibay-builders');
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('Projects bid on');
    expect(english.body).toContain(`href="/procurement/${encodeURIComponent(ocid)}"`);
    expect(english.body).toContain('Construction of Bridge F');
    expect(english.body).toContain('₱4,100,000.00');
    expect(english.body).toContain('Lowest calculated responsive bid (LCRB)');
    expect(english.body).not.toContain('Matatag');
    const filipino = await get('/fil/suppliers/matibay-builders');
    expect(filipino.statusCode).toBe(200);
    expect(filipino.body).toContain('Mga proyektong pinag-bid-an');
    expect(filipino.body).toContain(`href="/fil/procurement/${encodeURIComponent(ocid)}"`);
    expect(filipino.body).toContain('Kinalabasan');
  });

  it('gives a bidder that never won a page, its bids with outcome and amount', async () => {
    const response = await get('/api/suppliers/matatag');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: 'matatag',
      name: 'Matatag',
      awards: 0,
      awardedValue: '0.00',
      spellings: ['Matatag'],
      philgepsRegistration: null,
      alsoWrittenAs: [],
      awardsWon: [],
      years: [],
      bidsOn: [
        {
          ocid,
          projectTitle: 'Construction of Bridge F',
          bidder: 'Matatag',
          amount: '0.01',
          outcome: 'failed-eligibility',
          date: '2043-03-10T02:00:00.000Z',
        },
      ],
      flags: [],
    });
    const page = await get('/suppliers/matatag');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('No award won yet.');
    expect(page.body).toContain('Failed: eligibility');
    expect(page.body).toContain('₱0.01');
    expect(page.body).not.toContain('Awards won');
    expect((await get('/fil/suppliers/matatag')).body).toContain('Wala pang napanalunang gawad.');
  });

  it('lists it after every supplier that won, with nothing awarded, in the API and the CSV', async () => {
    const list = (await get('/api/suppliers')).json();
    expect(list.items.at(-1)).toEqual({
      id: 'matatag',
      name: 'Matatag',
      awards: 0,
      awardedValue: '0.00',
    });
    expect(list.items.map((item: { id: string }) => item.id)).toContain('matibay-builders');
    expect((await get('/api/suppliers?q=matatag')).json().total).toBe(1);
    const csv = (await get('/suppliers.csv?q=matatag')).body.replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[1]).toBe(`matatag,Matatag,0,0.00,${SITE_URL}/suppliers/matatag`);
    const page = await get('/suppliers?q=matatag');
    expect(page.body).toContain('href="/suppliers/matatag"');
    // Its awards CSV is the header alone.
    const awards = (await get('/suppliers/matatag.csv')).body.replace(/^\uFEFF/, '');
    expect(awards.split('\r\n').filter((row) => row !== '')).toHaveLength(1);
  });

  it('links each bidder of the abstract of bids to its supplier page', async () => {
    const english = await get(`/procurement/${encodeURIComponent(ocid)}`);
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('href="/suppliers/matibay-builders"');
    expect(english.body).toContain('href="/suppliers/matatag"');
    const filipino = await get(`/fil/procurement/${encodeURIComponent(ocid)}`);
    expect(filipino.body).toContain('href="/fil/suppliers/matatag"');
  });

  it('says so when a supplier has no bid recorded', async () => {
    await insertRecords(testApp.site, award, [
      { values: notice('Walang Bid Trading', '1000.00', 'PG-41', 'Chairs G') },
    ]);
    expect((await get('/api/suppliers/walang-bid-trading')).json().bidsOn).toEqual([]);
    expect((await get('/suppliers/walang-bid-trading')).body).toContain('No bid recorded.');
    expect((await get('/fil/suppliers/walang-bid-trading')).body).toContain(
      'Walang naitalang bid.',
    );
  });
});
