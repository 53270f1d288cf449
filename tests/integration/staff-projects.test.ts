import { beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { useTestApp } from '../helpers/test-app.ts';
import { signedInStaff, type ApiVisitor } from '../helpers/staff.ts';
import { loadContent } from '../../server/content/load.ts';

const PREFIX = (await loadContent(resolve('content'))).site.openData.ocidPrefix;

/** The HTML of an href as React writes it (an OCID's letters need no escaping). */
const href = (path: string) => `href="${path}"`;

describe('the BAC list of procurement projects, linking each project’s staff pages', () => {
  const testApp = useTestApp({ SITE_URL: 'https://procurement.example.gov.ph' });
  let bac: ApiVisitor;
  let news: ApiVisitor;
  let hall: string;
  let road: string;

  const post = async (visitor: ApiVisitor, url: string, payload: unknown) =>
    visitor.request({
      url,
      method: 'POST',
      payload,
      headers: { 'x-csrf-token': await visitor.csrfToken() },
    });
  const page = (visitor: ApiVisitor, url: string) => visitor.request({ method: 'GET', url });
  const bids = (ocid: string) => `/staff/procurement/${encodeURIComponent(ocid)}/bids`;
  const contract = (ocid: string) => `/staff/procurement/${encodeURIComponent(ocid)}/contract`;
  const project = (ocid: string) => `/procurement/${encodeURIComponent(ocid)}`;

  beforeAll(async () => {
    ({ visitor: bac } = await signedInStaff(
      testApp,
      'bac.projects@san-isidro.gov.ph',
      'a long bac passphrase',
    ));
    ({ visitor: news } = await signedInStaff(
      testApp,
      'info.projects@san-isidro.gov.ph',
      'a long info passphrase',
      ['information'],
    ));
    const invitation = await post(bac, '/api/records/public_bidding', {
      bid_number: 'ITB-2026-091',
      project_title: 'Rehabilitation of the Public Market Roof',
      abc: '4,000,000.00',
      closing_date: '2026-04-10T10:00',
      link: 'https://example.org/itb-091.pdf',
    });
    expect(invitation.statusCode).toBe(201);
    hall = `${PREFIX}-public_bidding-${invitation.json().id}`;
    const quotation = await post(bac, '/api/records/svp', {
      pr_number: 'PR-2026-0417',
      project_title: 'Concreting of Purok 3 Farm-to-Market Road',
      philgeps_reference: '11223344',
      abc: '900,000.00',
      closing_date: '2026-04-12T10:00',
      link: 'https://example.org/svp-0417.pdf',
    });
    expect(quotation.statusCode).toBe(201);
    // A PhilGEPS reference names the process: the project's OCID is read back, not guessed.
    const found = await testApp.app.inject('/api/procurements?q=PR-2026-0417');
    road = (found.json() as { items: { ocid: string }[] }).items[0]!.ocid;
    expect(road).toBe(`${PREFIX}-11223344`);
  });

  it('lists every project with its public page, abstract of bids and contract page, in either language', async () => {
    const shown = await page(bac, '/staff/procurement');
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toContain('no-store');
    for (const ocid of [hall, road]) {
      expect(shown.body).toContain(href(project(ocid)));
      expect(shown.body).toContain(href(bids(ocid)));
      expect(shown.body).toContain(href(contract(ocid)));
    }
    expect(shown.body).toContain('Projects 1 to 2 of 2');
    const filipino = await page(bac, '/fil/staff/procurement');
    expect(filipino.statusCode).toBe(200);
    expect(filipino.body).toContain('Mga proyekto ng procurement');
    expect(filipino.body).toContain(href(`/fil${bids(road)}`));
    expect(filipino.body).toContain(href(`/fil${contract(road)}`));
    expect(filipino.body).toContain(href(`/fil${project(road)}`));
  });

  it('finds a project by title, whole OCID, PR number, PhilGEPS reference or bid number with a GET search', async () => {
    const only = async (q: string, ocid: string) => {
      const found = await page(bac, `/staff/procurement?${new URLSearchParams({ q })}`);
      expect(found.statusCode, q).toBe(200);
      expect(found.body, q).toContain(href(bids(ocid)));
      const other = ocid === hall ? road : hall;
      expect(found.body, q).not.toContain(href(bids(other)));
    };
    await only('Public Market', hall);
    await only(hall, hall);
    await only(road, road);
    await only('PR-2026-0417', road);
    await only('11223344', road);
    await only('ITB-2026-091', hall);
    const none = await page(bac, '/staff/procurement?q=no+such+project+anywhere');
    expect(none.body).toContain('No project matches “no such project anywhere”.');
    expect(none.body).toContain('value="no such project anywhere"');
    const bad = await page(bac, '/staff/procurement?page=0');
    expect(bad.statusCode).toBe(400);
  });

  it('is reached from the records desk, and answers others as every BAC page does', async () => {
    const desk = await page(bac, '/bac-input');
    expect(desk.body).toContain(href('/staff/procurement'));
    const deskFil = await page(bac, '/fil/bac-input');
    expect(deskFil.body).toContain(href('/fil/staff/procurement'));
    const forbidden = await page(news, '/staff/procurement');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).toContain('it needs the BAC (procurement records) role');
    expect(forbidden.body).not.toContain(href(bids(hall)));
    const anonymous = await testApp.app.inject('/staff/procurement');
    expect([anonymous.statusCode, anonymous.headers.location]).toEqual([302, '/bac-login']);
  });

  it('leaves the public project page without staff links, the same for everyone', async () => {
    const signedOut = await testApp.app.inject(project(hall));
    const signedIn = await page(bac, project(hall));
    expect(signedOut.statusCode).toBe(200);
    for (const answer of [signedOut, signedIn]) {
      expect(answer.body).not.toContain('/staff/procurement');
    }
  });
});
