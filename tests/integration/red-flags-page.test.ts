import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../server/content/load.ts';
import type { Content } from '../../shared/content-types.ts';
import { attachNewNotice } from '../../db/procurement-projects/attach-notice.ts';
import { insertRecords } from '../../db/records/record-queries.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import type { RedFlagsOfYear } from '../../shared/red-flags/red-flags.ts';
import { postJson } from '../helpers/project-api.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { scalar } from '../helpers/site-scalar.ts';
import { useTestApp } from '../helpers/test-app.ts';

// The flags' page by year, its method, and the same as JSON and CSV (issue 35). One
// invitation posted three days before its bids were opened raises `short-posting`.

const POSTED = new Date('2025-03-01T02:00:00Z');

describe('/red-flags, its methodology, GET /api/red-flags and the CSV', () => {
  const testApp = useTestApp({ SITE_URL: 'https://procurement.example.gov.ph' });
  let ocid: string;
  let content: Content;

  beforeAll(async () => {
    content = await loadContent(testApp.config.contentDir);
    const database = testApp.site;
    const kind = kindByCollection('public_bidding')!;
    const values = {
      bid_number: 'ITB-2025-007',
      project_title: 'Rehabilitation of the Poblacion health center',
      abc: '2500000.00',
      closing_date: '2025-03-04T02:00:00.000Z',
      link: 'https://example.org/itb-007.pdf',
    };
    const { id } = (await insertRecords(database, kind, [{ values, created: POSTED }]))[0]!;
    await attachNewNotice(database, { kind, id, values }, 'new', POSTED);
    const processKey = await scalar(
      database,
      'SELECT process_key FROM procurement_projects ORDER BY id DESC LIMIT 1',
    );
    ocid = `${content.site.openData.ocidPrefix}-${String(processKey)}`;
  });

  it('answers a year’s flags as JSON, one item per project and indicator, with counts', async () => {
    const answer = await testApp.app.inject({ url: '/api/red-flags?year=2025' });
    expect(answer.statusCode).toBe(200);
    const flags = answer.json() as RedFlagsOfYear;
    expect(flags.year).toBe(2025);
    expect(flags.years).toContain(2025);
    expect(flags.counts['short-posting']).toBe(1);
    expect(flags.counts['single-bidder']).toBe(0);
    const item = flags.items.find((each) => each.ocid === ocid)!;
    expect(item).toMatchObject({
      indicator: 'short-posting',
      title: 'Rehabilitation of the Poblacion health center',
      facts: { days: 3, minimumDays: 7 },
      answer: null,
    });
    expect(flags.total).toBe(flags.items.length);
  });

  it('refuses a year that is not four digits, in JSON and in CSV', async () => {
    for (const url of [
      '/api/red-flags?year=25',
      '/red-flags.csv?year=twenty',
      '/red-flags?year=1',
    ]) {
      expect((await testApp.app.inject({ url })).statusCode, url).toBe(400);
    }
  });

  it('offers the year as CSV, with the facts and the project’s address', async () => {
    const csv = await testApp.app.inject({ url: '/red-flags.csv?year=2025' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = csv.body.trim().split(/\r?\n/);
    expect(header).toBe('year,indicator,ocid,title,facts,answer,answered,url');
    const row = rows.find((each) => each.includes(ocid))!;
    expect(row).toContain('short-posting');
    expect(row).toContain(`https://procurement.example.gov.ph/procurement/${ocid}`);
    expect(row).toContain('""days"":3');
  });

  it('shows the year on the page with its chart, its table and the project linked, in both languages', async () => {
    const page = await testApp.app.inject({ url: '/red-flags?year=2025' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Red flags: where to look again');
    expect(page.body).toContain('<svg');
    expect(page.body).toMatch(/<th scope="row">Little time to prepare bids<\/th><td>1<\/td>/);
    expect(page.body).toContain(`href="/procurement/${ocid}"`);
    expect(page.body).toContain('Not answered yet');
    expect(page.body).toContain('href="/red-flags.csv?year=2025"');

    const filipino = await testApp.app.inject({ url: '/fil/red-flags?year=2025' });
    expect(filipino.statusCode).toBe(200);
    expect(filipino.body).toContain('Mga red flag: saan dapat tumingin muli');
    expect(filipino.body).toContain(`href="/fil/procurement/${ocid}"`);
  });

  it('explains each indicator with the thresholds content/red-flags.json sets, in both languages', async () => {
    const page = await testApp.app.inject({ url: '/red-flags/methodology' });
    expect(page.statusCode).toBe(200);
    const { indicators } = content.redFlags;
    expect(page.body).toContain(
      `${indicators['bid-near-abc'].percentOfAbc}% of the Approved Budget`,
    );
    expect(page.body).toContain(
      `fewer than ${indicators['short-posting'].minimumDays} calendar days`,
    );
    expect(page.body).toContain('₱1,000,000.00');
    expect(page.body).toContain('Splitting one need into several small purchases');
    const filipino = await testApp.app.inject({ url: '/fil/red-flags/methodology' });
    expect(filipino.statusCode).toBe(200);
    expect(filipino.body).toContain('Paano kinukuwenta ang mga red flag');
  });
  it('lists the BAC’s answer beside its flag, on the page, in JSON and in CSV', async () => {
    const { visitor: bac } = await signedInStaff(
      testApp,
      'bac-flags@san-isidro.gov.ph',
      'a long test passphrase',
      ['bac'],
    );
    const answered = await postJson(
      bac,
      `/api/procurements/${encodeURIComponent(ocid)}/flags/short-posting/answer`,
      { text: 'The bid opening was moved earlier at the bidders’ request; see Bid Bulletin 1.' },
    );
    expect(answered.statusCode).toBe(201);
    const flags = (
      await testApp.app.inject({ url: '/api/red-flags?year=2025' })
    ).json() as RedFlagsOfYear;
    const item = flags.items.find((each) => each.ocid === ocid)!;
    expect(item.answer?.text).toContain('moved earlier');
    const page = await testApp.app.inject({ url: '/red-flags?year=2025' });
    expect(page.body).toContain('moved earlier at the bidders’ request');
    const csv = await testApp.app.inject({ url: '/red-flags.csv?year=2025' });
    expect(csv.body).toContain('moved earlier at the bidders’ request');
  });
});
