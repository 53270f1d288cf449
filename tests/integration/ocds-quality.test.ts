import { describe, expect, it } from 'vitest';
import type { RecordPackage } from '../../server/open-data/ocds-types.ts';
import type { OcdsQualityReport } from '../../shared/open-data/ocds-quality.ts';
import { ocds, ocdsWithBids, schemaErrors } from '../helpers/ocds-schemas.ts';
import { useTestApp } from '../helpers/test-app.ts';

const SITE_URL = 'https://procurement.example.gov.ph';

/**
 * /open-data/quality, its JSON, and the paged /ocds/records.json (issue 35), on the
 * demonstration data under the placeholder prefix the shipped content has.
 */
describe('the OCDS quality page and the paged record packages', () => {
  const testApp = useTestApp({ SITE_URL, DEMO_RECORDS: 'true' });
  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  it('answers the checks as JSON: the placeholder prefix named, the rest passed', async () => {
    const response = await get('/api/open-data/quality');
    expect(response.statusCode).toBe(200);
    const report = response.json<OcdsQualityReport>();
    expect(report.ok).toBe(false);
    expect(report.processes).toBeGreaterThan(50);
    expect(
      Object.fromEntries(report.checks.map((check) => [check.id, [check.status, check.count]])),
    ).toEqual({
      schema: ['passed', 0],
      'ocid-prefix': ['failed', 1],
      'unique-ids': ['passed', 0],
      'date-order': ['passed', 0],
      amounts: ['passed', 0],
      parties: ['passed', 0],
      'no-empty': ['passed', 0],
      'document-urls': ['skipped', 0],
    });
    expect(report.checks[1]!.problems).toEqual([
      {
        check: 'ocid-prefix',
        code: 'prefix-placeholder',
        path: 'openData.ocidPrefix',
        values: { prefix: 'ocds-xxxxxx' },
      },
    ]);
  });

  it('shows each check in English and in Filipino, linked from /open-data', async () => {
    const page = await get('/open-data/quality');
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('<h1');
    expect(html).toContain('Quality of the OCDS data');
    for (const heading of [
      'Valid against the OCDS 1.1.5 schema',
      'A registered ocid prefix',
      'Unique ids',
      'Dates in order',
      'Coherent amounts',
      'Every party named exists',
      'No empty values',
      'Document links answer',
    ]) {
      expect(html).toContain(heading);
    }
    expect(html).toContain('Problems found: 1');
    expect(html).toContain('the ocid prefix ocds-xxxxxx is the placeholder');
    expect(html).toContain('Some checks found problems.');
    expect(html).toContain('Not run here');

    const filipino = await get('/fil/open-data/quality');
    expect(filipino.statusCode).toBe(200);
    expect(filipino.body).toContain('Kalidad ng datos na OCDS');
    expect(filipino.body).toContain('Mga problemang nakita: 1');

    const openData = await get('/open-data');
    expect(openData.body).toContain('href="/open-data/quality"');
    expect(openData.body).toContain('href="/ocds/records.json"');
    expect((await get('/fil/open-data')).body).toContain('href="/fil/open-data/quality"');
  });

  it('pages every process’s record package with links.next and links.prev, valid OCDS', async () => {
    const pages: RecordPackage[] = [];
    let url: string | undefined = `${SITE_URL}/ocds/records.json`;
    while (url) {
      const response = await get(url.slice(SITE_URL.length));
      expect(response.statusCode, url).toBe(200);
      const found = response.json<RecordPackage>();
      const validate = found.extensions ? ocdsWithBids.recordPackage : ocds.recordPackage;
      expect(schemaErrors(validate, found), url).toEqual([]);
      expect(found.uri).toBe(url);
      pages.push(found);
      url = found.links?.next;
    }
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]!.records).toHaveLength(50);
    expect(pages[0]!.links).toEqual({ next: `${SITE_URL}/ocds/records.json?page=2` });
    expect(pages[1]!.links?.prev).toBe(`${SITE_URL}/ocds/records.json`);
    expect(pages.at(-1)!.links?.next).toBeUndefined();
    const ocids = pages.flatMap((found) => found.records.map((record) => record.ocid));
    expect(new Set(ocids).size).toBe(ocids.length);
    expect(ocids).toEqual([...ocids].sort());
    const report = (await get('/api/open-data/quality')).json<OcdsQualityReport>();
    expect(ocids).toHaveLength(report.processes);
    // One record as /ocds/records/<ocid>.json answers it.
    const one = (await get(`/ocds/records/${ocids[0]}.json`)).json<RecordPackage>();
    expect(pages[0]!.records[0]).toEqual(one.records[0]);

    expect((await get(`/ocds/records.json?page=${pages.length + 1}`)).statusCode).toBe(404);
    expect((await get('/ocds/records.json?page=0')).statusCode).toBe(400);
    expect((await get('/ocds/records.json?page=two')).statusCode).toBe(400);
  });
});
