import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.ts';
import { signedInStaff, type ApiVisitor } from '../helpers/staff.ts';
import type { ProcurementProjectPage } from '../../shared/procurement-projects/procurement-project.ts';

const SITE_URL = 'https://procurement.example.gov.ph';

describe('the projects list filtered by supplier, and as CSV', () => {
  const testApp = useTestApp({ SITE_URL });
  let bac: ApiVisitor;
  const ocids: Record<'won' | 'bid' | 'other', string> = { won: '', bid: '', other: '' };
  let supplierId: string;

  const post = async (url: string, payload: unknown) =>
    bac.request({
      url,
      method: 'POST',
      payload,
      headers: { 'x-csrf-token': await bac.csrfToken() },
    });
  const list = async (query: string) => {
    const response = await testApp.app.inject(`/api/procurements?${query}`);
    expect(response.statusCode, query).toBe(200);
    return response.json() as ProcurementProjectPage;
  };
  const csvLines = (body: string) => body.trim().split(/\r?\n/);

  beforeAll(async () => {
    ({ visitor: bac } = await signedInStaff(
      testApp,
      'bac.filters@san-isidro.gov.ph',
      'a long bac passphrase',
    ));
    for (const [name, title] of [
      ['won', 'Repair of the Daan Bridge'],
      ['bid', 'Widening of the Ilaya Road'],
      ['other', 'Supply of Office Paper'],
    ] as const) {
      const invitation = await post('/api/records/public_bidding', {
        bid_number: `ITB-2026-F-${name}`,
        project_title: title,
        abc: '1,000,000.00',
        closing_date: '2026-03-10T10:00',
        link: `https://example.org/itb-${name}.pdf`,
      });
      expect(invitation.statusCode).toBe(201);
      ocids[name] = (await list(`q=ITB-2026-F-${name}`)).items[0]!.ocid;
    }
    const award = await post('/api/records/notice_of_awards', {
      pr_number: 'PR-2026-F-1',
      project_title: 'Repair of the Daan Bridge',
      supplier: 'Daloy Builders Inc.',
      mode_of_procurement: 'Public Bidding',
      contract_amount: '950,000.00',
      link: 'https://example.org/noa-f.pdf',
      project: ocids.won,
    });
    expect(award.statusCode).toBe(201);
    // Another spelling of the same company, bidding (and losing) on another project.
    const bid = await post(`/api/procurements/${encodeURIComponent(ocids.bid)}/bids`, {
      bidder: 'DALOY BUILDERS, INC',
      amount: '990000',
      outcome: 'responsive',
    });
    expect(bid.statusCode).toBe(201);
    const suppliers = (await testApp.app.inject('/api/suppliers?q=Daloy')).json() as {
      items: { id: string }[];
    };
    supplierId = suppliers.items[0]!.id;
  });

  it('keeps the projects a supplier won or bid on, with the other filters', async () => {
    const all = await list('');
    expect(all.total).toBe(3);
    const bySupplier = await list(`supplier=${encodeURIComponent(supplierId)}`);
    expect(bySupplier.total).toBe(2);
    expect(bySupplier.items.map((item) => item.ocid).sort()).toEqual([ocids.won, ocids.bid].sort());
    const awarded = await list(`supplier=${encodeURIComponent(supplierId)}&status=awarded`);
    expect(awarded.items.map((item) => item.ocid)).toEqual([ocids.won]);
    const searched = await list(`supplier=${encodeURIComponent(supplierId)}&q=Ilaya`);
    expect(searched.items.map((item) => item.ocid)).toEqual([ocids.bid]);
    const pastTheEnd = await list(`supplier=${encodeURIComponent(supplierId)}&page=2`);
    expect(pastTheEnd).toEqual({ total: 2, items: [] });
    expect(await list('supplier=no-such-supplier')).toEqual({ total: 0, items: [] });
    const twice = await testApp.app.inject('/api/procurements?supplier=a&supplier=b');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('at most once');
    const long = await testApp.app.inject(`/api/procurements?supplier=${'x'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
  });

  it('downloads the list as CSV with the same filters, every match, with an ETag', async () => {
    const whole = await testApp.app.inject('/api/procurements.csv');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(whole.headers['content-disposition']).toBe('attachment; filename="procurements.csv"');
    const lines = csvLines(whole.body);
    expect(lines[0]).toBe(
      'ocid,title,end_user_office,mode,abc,app_code,year,status,created,updated,url',
    );
    expect(lines).toHaveLength(4);
    const won = lines.find((line) => line.startsWith(`${ocids.won},`))!;
    expect(won).toContain('Repair of the Daan Bridge');
    expect(won).toContain(',1000000.00,');
    expect(won).toContain(',awarded,');
    expect(won.endsWith(`,${SITE_URL}/procurement/${ocids.won}`)).toBe(true);

    const filtered = await testApp.app.inject(
      `/api/procurements.csv?supplier=${encodeURIComponent(supplierId)}`,
    );
    expect(filtered.headers['content-disposition']).toBe(
      'attachment; filename="procurements-search.csv"',
    );
    expect(
      csvLines(filtered.body)
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual([ocids.won, ocids.bid].sort());
    const none = await testApp.app.inject('/api/procurements.csv?supplier=no-such-supplier');
    expect(csvLines(none.body)).toHaveLength(1);

    const again = await testApp.app.inject({
      url: '/api/procurements.csv',
      headers: { 'if-none-match': String(whole.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const bad = await testApp.app.inject('/api/procurements.csv?year=twenty');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Year must be four digits');
  });

  it('declares the supplier filter and the CSV in /openapi.json', async () => {
    const openapi = (await testApp.app.inject('/openapi.json')).json();
    const listParameters = (
      openapi.paths['/api/procurements'].get.parameters as { name: string }[]
    ).map((parameter) => parameter.name);
    expect(listParameters).toEqual(
      expect.arrayContaining(['q', 'page', 'year', 'mode', 'status', 'supplier']),
    );
    const csv = openapi.paths['/api/procurements.csv'].get;
    expect((csv.parameters as { name: string }[]).map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['q', 'year', 'mode', 'status', 'supplier']),
    );
    expect(Object.keys(csv.responses['200'].content)).toEqual(['text/csv']);
  });
});
