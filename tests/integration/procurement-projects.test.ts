import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.ts';
import { migrations } from '../../db/migrations/all-migrations.ts';
import { insertRecordNow, type RecordValues } from '../../db/records/record-queries.ts';
import { migrateToLatest } from '../../db/sqlite-migrations.ts';
import { loadContent } from '../../server/content/load.ts';
import { recordPackage } from '../../server/open-data/ocds-releases.ts';
import type { ProcurementProjectDetail } from '../../shared/procurement-projects/procurement-project.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import type { ApiVisitor } from '../helpers/staff.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { auditDetails } from '../helpers/audit-details.ts';
import { testEngine, useTestApp } from '../helpers/test-app.ts';
import { OPERATOR } from './cli-harness.ts';
import { useEngineWorkspace } from './cli-engine-workspace.ts';
import { scalar } from '../helpers/site-scalar.ts';

const SITE_URL = 'https://procurement.example.gov.ph';
const content = await loadContent(path.resolve('content'));
const PREFIX = content.site.openData.ocidPrefix;
const settings = { siteUrl: SITE_URL, site: content.site };
const kind = (collection: string) => kindByCollection(collection)!;

// Migration 0025 on an SQLite file of migration 0024's time (PostgreSQL's schema starts from
// the translated migrations): the same in both passes, so it runs in the SQLite one.
describe.skipIf(testEngine === 'postgres')(
  'migration 0025: one project per process, ocids kept',
  () => {
    it('backfills by PhilGEPS reference, else one per record, with the keys OCDS used', async () => {
      const database = openDatabase(':memory:');
      try {
        const migrator = new Migrator({
          db: database.db,
          provider: { getMigrations: async () => migrations },
        });
        expect((await migrator.migrateTo('0024-password-reset-mail')).error).toBeUndefined();
        const add = (collection: string, values: RecordValues, created: string) =>
          insertRecordNow(database, kind(collection), values, new Date(created)).id;
        const bidding = add(
          'public_bidding',
          {
            bid_number: 'ITB-2026-001',
            project_title: 'Seawall of Barangay Dagat',
            philgeps_reference: ' 55667788 ',
            abc: '1500000.00',
            link: 'https://example.org/itb.pdf',
          },
          '2026-01-05T01:00:00.000Z',
        );
        const award = add(
          'notice_of_awards',
          {
            pr_number: 'PR-2026-010',
            project_title: 'Seawall of Barangay Dagat (award)',
            supplier: 'Dagat Builders',
            mode_of_procurement: 'Public Bidding',
            philgeps_reference: '55667788',
            contract_amount: '1450000.00',
            link: 'https://example.org/noa.pdf',
          },
          '2026-02-01T01:00:00.000Z',
        );
        const lone = add(
          'svp',
          {
            pr_number: 'PR-2026-020',
            project_title: 'Office chairs',
            link: 'https://example.org/svp.pdf',
          },
          '2025-12-31T17:00:00.000Z',
        );
        const report = add(
          'reports',
          {
            title: 'APP 2026',
            report_description: 'The plan',
            link: 'https://example.org/app.pdf',
          },
          '2026-01-02T01:00:00.000Z',
        );
        expect(await migrateToLatest(database)).toContain('0025-procurement-projects');

        const projects = database.sqlite
          .prepare(
            'SELECT process_key, title, mode, abc, year FROM procurement_projects ORDER BY id',
          )
          .all();
        expect(projects).toEqual([
          // 2025-12-31T17:00Z is New Year's Day in Manila: the project is 2026's.
          { process_key: `svp-${lone}`, title: 'Office chairs', mode: null, abc: null, year: 2026 },
          {
            process_key: `reports-${report}`,
            title: 'APP 2026',
            mode: null,
            abc: null,
            year: 2026,
          },
          {
            process_key: '55667788',
            title: 'Seawall of Barangay Dagat',
            mode: 'Public Bidding',
            abc: 150_000_000,
            year: 2026,
          },
        ]);
        // The ocids published before projects still answer, with the same notices in them.
        const now = new Date('2026-03-01T00:00:00Z');
        const shared = (await recordPackage(database, settings, `${PREFIX}-55667788`, now))!;
        expect(shared.records[0]!.releases.map((release) => release.id)).toEqual([
          `public_bidding-${bidding}-v1`,
          `notice_of_awards-${award}-v1`,
        ]);
        for (const key of [`svp-${lone}`, `reports-${report}`]) {
          const own = (await recordPackage(database, settings, `${PREFIX}-${key}`, now))!;
          expect(own.records[0]!.releases).toHaveLength(1);
          expect(own.records[0]!.releases[0]!.ocid).toBe(`${PREFIX}-${key}`);
        }
      } finally {
        await database.close();
      }
    });
  },
);

describe('procurement projects through the API', () => {
  const testApp = useTestApp({ SITE_URL });
  let visitor: ApiVisitor;

  beforeAll(async () => {
    ({ visitor } = await signedInStaff(
      testApp,
      'bac.projects@san-isidro.gov.ph',
      'a long bac passphrase',
    ));
  });

  async function post(url: string, payload: unknown) {
    return visitor.request({
      method: 'POST',
      url,
      headers: { 'x-csrf-token': await visitor.csrfToken() },
      payload,
    });
  }

  async function project(ocid: string): Promise<ProcurementProjectDetail> {
    const response = await testApp.app.inject(`/api/procurements/${encodeURIComponent(ocid)}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  const invitation = {
    bid_number: 'ITB-2026-040',
    project_title: 'Rehabilitation of Poblacion Health Center',
    abc: '3,200,000.00',
    closing_date: '2026-04-10T10:00',
    link: 'https://example.org/itb-040.pdf',
  };

  it('starts a project with a notice, attaches the award to it, and answers with both', async () => {
    const added = await post('/api/records/public_bidding', invitation);
    expect(added.statusCode).toBe(201);
    const ocid = `${PREFIX}-public_bidding-${added.json().id}`;
    const award = await post('/api/records/notice_of_awards', {
      pr_number: 'PR-2026-040',
      project_title: 'Rehabilitation of Poblacion Health Center',
      supplier: 'Malusog Construction',
      mode_of_procurement: 'Public Bidding',
      contract_amount: '3,100,000.00',
      link: 'https://example.org/noa-040.pdf',
      project: ocid,
    });
    expect(award.statusCode).toBe(201);

    const detail = await project(ocid);
    expect(detail).toMatchObject({
      ocid,
      title: 'Rehabilitation of Poblacion Health Center',
      mode: 'Public Bidding',
      abc: '3200000.00',
      status: 'awarded',
      supplier: 'Malusog Construction',
      awardAmount: '3100000.00',
      contractAmount: null,
      dates: { bidOpening: '2026-04-10T02:00:00.000Z' },
    });
    expect(detail.notices.map((notice) => notice.collection)).toEqual([
      'public_bidding',
      'notice_of_awards',
    ]);
    // The award as data, by the id its OCDS award carries; no contract before the NTP.
    expect(detail.awards).toEqual([
      {
        id: `notice_of_awards-${award.json().id}`,
        status: 'published',
        supplier: 'Malusog Construction',
        amount: '3100000.00',
        date: expect.stringMatching(/Z$/),
      },
    ]);
    expect(detail.contracts).toEqual([]);
    // Each record says which project it is part of.
    const record = await testApp.app.inject(`/api/records/notice_of_awards/${award.json().id}`);
    expect(record.json().project).toEqual({
      processKey: `public_bidding-${added.json().id}`,
      title: 'Rehabilitation of Poblacion Health Center',
    });
    // So does its row on its list (newest first: the award just added leads it).
    const list = (await testApp.app.inject('/api/records/notice_of_awards')).json();
    expect(list.items[0]).toMatchObject({ id: award.json().id, project: record.json().project });
    // The OCDS record of the process holds both notices' releases.
    const ocds = await testApp.app.inject(`/ocds/records/${encodeURIComponent(ocid)}.json`);
    expect(ocds.statusCode).toBe(200);
    expect(ocds.json().records[0].releases.map((release: { id: string }) => release.id)).toEqual([
      `public_bidding-${added.json().id}-v1`,
      `notice_of_awards-${award.json().id}-v1`,
    ]);
    // The page shows both, in English and Filipino.
    for (const page of [`/procurement/${ocid}`, `/fil/procurement/${ocid}`]) {
      const html = (await testApp.app.inject(page)).body;
      expect(html).toContain('Malusog Construction');
      expect(html).toContain('₱3,200,000.00');
      expect(html).toContain(`/notice-of-award/${award.json().id}`);
    }
  });

  it('refuses a notice naming an unknown project, storing nothing', async () => {
    const before = await testApp.app.inject('/api/records/svp');
    const refused = await post('/api/records/svp', {
      pr_number: 'PR-X',
      project_title: 'Nothing',
      link: 'https://example.org/x.pdf',
      project: `${PREFIX}-no-such-process`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('NO_SUCH_PROJECT');
    expect((await testApp.app.inject('/api/records/svp')).json().total).toBe(before.json().total);
  });

  it('joins a notice to the project of its PhilGEPS reference whatever was chosen', async () => {
    const first = await post('/api/records/shopping_bidding', {
      pr_number: 'PR-2026-050',
      project_title: 'Printer toner',
      philgeps_reference: '90001',
      link: 'https://example.org/shop.pdf',
    });
    const second = await post('/api/records/notice_of_awards', {
      pr_number: 'PR-2026-050',
      project_title: 'Printer toner',
      supplier: 'Ink Trading',
      mode_of_procurement: 'Shopping',
      philgeps_reference: '90001',
      link: 'https://example.org/shop-noa.pdf',
    });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const detail = await project(`${PREFIX}-90001`);
    expect(detail.notices.map((notice) => notice.id)).toEqual([first.json().id, second.json().id]);
  });

  it('moves a notice with a reason, keeping the move and its audit entry', async () => {
    const stray = await post('/api/records/bid_bulletin', {
      bid_number_or_pr_number: 'ITB-2026-040',
      project_title: 'Rehabilitation of Poblacion Health Center',
      addenddum_number: '1',
      link: 'https://example.org/bb-1.pdf',
    });
    const strayOcid = `${PREFIX}-bid_bulletin-${stray.json().id}`;
    const target = (
      await testApp.app.inject('/api/procurements?q=Poblacion%20Health&status=awarded')
    ).json().items[0].ocid as string;
    const body = { collection: 'bid_bulletin', id: stray.json().id };

    const noReason = await post(`/api/procurements/${encodeURIComponent(target)}/notices`, {
      ...body,
      reason: '  ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().code).toBe('INVALID_INPUT');
    expect((await project(strayOcid)).notices).toHaveLength(1);

    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: `/api/procurements/${encodeURIComponent(target)}/notices`,
      payload: { ...body, reason: 'Same project' },
    });
    expect(anonymous.statusCode).toBe(401);

    const moved = await post(`/api/procurements/${encodeURIComponent(target)}/notices`, {
      ...body,
      reason: 'The bulletin amends the health center bidding',
    });
    expect(moved.statusCode).toBe(200);
    const detail = moved.json() as ProcurementProjectDetail;
    expect(detail.notices.map((notice) => notice.collection)).toContain('bid_bulletin');
    expect(detail.moves).toMatchObject([
      { from: strayOcid, to: target, reason: 'The bulletin amends the health center bidding' },
    ]);
    expect((await project(strayOcid)).notices).toEqual([]);
    expect(await auditDetails(testApp.site, 'notice-moved')).toMatchObject([
      { collection: 'bid_bulletin', id: stray.json().id, role: 'bac' },
    ]);
    const again = await post(`/api/procurements/${encodeURIComponent(target)}/notices`, {
      ...body,
      reason: 'Twice',
    });
    expect([again.statusCode, again.json().code]).toEqual([409, 'ALREADY_IN_PROJECT']);
  });

  it('lists projects paged, searched and filtered, public and cacheable', async () => {
    const all = await testApp.app.inject('/api/procurements');
    expect(all.statusCode).toBe(200);
    // Cacheable exactly like the record lists.
    const records = await testApp.app.inject('/api/records/svp');
    expect(all.headers['cache-control']).toMatch(/^public/);
    expect(all.headers['cache-control']).toBe(records.headers['cache-control']);
    expect(all.json().total).toBeGreaterThanOrEqual(3);
    const byPr = (await testApp.app.inject('/api/procurements?q=PR-2026-050')).json();
    expect(byPr.items.map((item: { ocid: string }) => item.ocid)).toEqual([`${PREFIX}-90001`]);
    const ongoing = (await testApp.app.inject('/api/procurements?status=planned&year=2026')).json();
    expect(ongoing.items.every((item: { status: string }) => item.status === 'planned')).toBe(true);
    const bad = await testApp.app.inject('/api/procurements?status=finished');
    expect(bad.statusCode).toBe(400);
    expect((await testApp.app.inject(`/api/procurements/${PREFIX}-nothing`)).statusCode).toBe(404);
    const openapi = (await testApp.app.inject('/openapi.json')).json();
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/api/procurements', '/api/procurements/{ocid}']),
    );
  });
});

describe('import: the project column', { timeout: 180_000 }, () => {
  const space = useEngineWorkspace();

  it('joins rows to the project they name and refuses an unknown one by its line', async () => {
    const header = 'pr_number,project_title,philgeps_reference,abc,closing_date,link,project';
    const first = await space.file(
      'svp.csv',
      `${header}\nPR-2026-300,Garbage truck tires,,,,https://example.org/t.pdf,\n`,
    );
    const result = await space.run(['import', 'svp', first, '--as', OPERATOR, '--json']);
    expect(result.code).toBe(0);
    const second = await space.file(
      'awards.csv',
      [
        'pr_number,project_title,supplier,mode_of_procurement,link,project',
        'PR-2026-300,Garbage truck tires,Gulong Trading,Small Value Procurement,https://example.org/a.pdf,PR-2026-300',
        'PR-2026-301,Other tires,Gulong Trading,Small Value Procurement,https://example.org/b.pdf,PR-NOWHERE',
        '',
      ].join('\n'),
    );
    const refused = await space.run([
      'import',
      'notice_of_awards',
      second,
      '--as',
      OPERATOR,
      '--json',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('line 3, project:');
    expect(
      await space.read((database) => scalar(database, 'SELECT count(*) FROM notice_of_awards')),
    ).toBe(0);

    const good = await space.file(
      'awards-good.csv',
      [
        'pr_number,project_title,supplier,mode_of_procurement,link,project',
        'PR-2026-300,Garbage truck tires,Gulong Trading,Small Value Procurement,https://example.org/a.pdf,PR-2026-300',
        '',
      ].join('\n'),
    );
    const stored = await space.run([
      'import',
      'notice_of_awards',
      good,
      '--as',
      OPERATOR,
      '--json',
    ]);
    expect(stored.code).toBe(0);
    const links = await space.read(async ({ db }) => {
      const { rows } = await sql<{ collection: string; project_id: number }>`SELECT collection,
        project_id FROM procurement_project_notices ORDER BY collection`.execute(db);
      return rows;
    });
    expect(links.map((link) => link.collection)).toEqual(['notice_of_awards', 'svp']);
    expect(new Set(links.map((link) => link.project_id)).size).toBe(1);
  });
});
