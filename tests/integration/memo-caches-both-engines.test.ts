/**
 * The answers the server keeps per data version (issue 36): the supplier index, the flags
 * across projects, a year's red flags and the OCDS quality report are computed once and
 * served again while `currentDataVersion` stands, on either engine. A write (here through a
 * second connection, as another app process makes it on PostgreSQL) moves the version, and
 * the next call computes the answer again from the tables.
 *
 * To show an answer is served from the memo, not recomputed, a test writes a row and then sets
 * the version back: the tables have changed, the version has not, so the old answer comes back.
 */
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { currentDataVersion } from '../../db/data-version.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import { loadContent } from '../../server/content/load.ts';
import { qualityReport } from '../../server/open-data/ocds-quality.ts';
import { flagsAcross } from '../../server/red-flags/flags-across.ts';
import { redFlagsOfYear } from '../../server/red-flags/flags-of-year.ts';
import { supplierIndex, supplierSummaries } from '../../server/suppliers/supplier-index.ts';
import { projectDetailOptions } from '../../server/procurement-projects/project-detail.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { foldSupplierName, supplierId } from '../../shared/suppliers/supplier-name.ts';
import { describeOnBothEngines } from '../helpers/both-engines.ts';
import { insertRecordRow } from '../helpers/record-rows.ts';

const CONTENT = await loadContent(resolve('content'));
const OPTIONS = projectDetailOptions(CONTENT);
const PREFIX = OPTIONS.ocidPrefix;
const AWARDS = kindByCollection('notice_of_awards')!;

const award = (supplier: string) => ({
  pr_number: `PR-${supplier}`,
  project_title: 'Road',
  supplier,
  mode_of_procurement: 'Public Bidding',
  contract_amount: '1000.00',
  link: 'https://example.org/noa.pdf',
});

/** Sets the data version back to `version`, leaving the tables as they are. */
async function setVersion({ db }: SiteDatabase, version: number): Promise<void> {
  await sql`UPDATE data_version SET version = ${version}`.execute(db);
}

/** A project `key` created at `created`, with a notice of award to `supplier` in it. */
async function projectAwarded(
  database: SiteDatabase,
  key: string,
  supplier: string,
  created: string,
): Promise<void> {
  const { rows } = await sql<{ id: number }>`INSERT INTO procurement_projects
      (process_key, title, year, created, updated)
    VALUES (${key}, ${`Project ${key}`}, 2026, ${created}, ${created}) RETURNING id`.execute(
    database.db,
  );
  const id = await insertRecordRow(database, AWARDS, award(supplier), created);
  await sql`INSERT INTO procurement_project_notices (collection, record_id, project_id)
    VALUES ('notice_of_awards', ${id}, ${rows[0]!.id})`.execute(database.db);
}

describeOnBothEngines('the answers kept per data version', (engine) => {
  it('keeps the supplier index while the version stands, and builds it again after a write', async () => {
    const site = engine.site();
    await insertRecordRow(site, AWARDS, award('Matibay Builders'), '2026-02-02T00:00:00.000Z');
    const version = await currentDataVersion(site);
    const first = await supplierIndex(site);
    expect(supplierSummaries(first, '').map((supplier) => supplier.name)).toEqual([
      'Matibay Builders',
    ]);
    // Kept by the database itself, not by the object a caller passes around it.
    expect(await supplierIndex(engine.site())).toBe(first);

    await insertRecordRow(site, AWARDS, award('Dagat Marine'), '2026-02-03T00:00:00.000Z');
    expect(await currentDataVersion(site)).toBeGreaterThan(version);
    await setVersion(site, version);
    expect(await supplierIndex(site)).toBe(first);

    await insertRecordRow(
      engine.another(),
      AWARDS,
      award('Bagong Ilaw Trading'),
      '2026-02-04T00:00:00.000Z',
    );
    expect(await currentDataVersion(site)).toBe(version + 1);
    const second = await supplierIndex(site);
    expect(second).not.toBe(first);
    expect(
      supplierSummaries(second, '')
        .map((supplier) => supplier.name)
        .sort(),
    ).toEqual(['Bagong Ilaw Trading', 'Dagat Marine', 'Matibay Builders']);
  });

  it('keeps the flags across projects and a year’s red flags, and computes them again after a write', async () => {
    const site = engine.site();
    const tipid = supplierId(foldSupplierName('Tipid Supplies'));
    await projectAwarded(site, 'memo-1', 'Tipid Supplies', '2026-03-01T00:00:00.000Z');
    const version = await currentDataVersion(site);
    const across = await flagsAcross(site, OPTIONS);
    expect([...across.projectsOfSupplier.get(tipid)!]).toEqual([`${PREFIX}-memo-1`]);
    const year = await redFlagsOfYear(site, 2026, OPTIONS);
    expect(year.years).toEqual([2026]);

    await projectAwarded(site, 'memo-2', 'Tipid Supplies', '2025-03-01T00:00:00.000Z');
    await setVersion(site, version);
    expect(await flagsAcross(engine.site(), OPTIONS)).toBe(across);
    expect((await redFlagsOfYear(site, 2026, OPTIONS)).years).toEqual([2026]);

    await insertRecordRow(engine.another(), AWARDS, award('Other'), '2026-03-02T00:00:00.000Z');
    const again = await flagsAcross(site, OPTIONS);
    expect(again).not.toBe(across);
    expect([...again.projectsOfSupplier.get(tipid)!].sort()).toEqual([
      `${PREFIX}-memo-1`,
      `${PREFIX}-memo-2`,
    ]);
    expect((await redFlagsOfYear(site, 2026, OPTIONS)).years).toEqual([2026, 2025]);
    expect((await redFlagsOfYear(site, 2025, OPTIONS)).year).toBe(2025);
  });

  it('keeps the OCDS quality report while the version stands, and checks again after a write', async () => {
    const site = engine.site();
    const settings = { siteUrl: 'https://procurement.example.gov.ph', site: CONTENT.site };
    const now = new Date('2026-11-20T02:00:00.000Z');
    const version = await currentDataVersion(site);
    const first = await qualityReport(site, settings, now);
    expect(first?.checkedAt).toBe(now.toISOString());
    expect(await qualityReport(engine.site(), settings, now)).toBe(first);
    // Without SITE_URL there is no OCDS output, so no report.
    expect(await qualityReport(site, undefined, now)).toBeUndefined();

    await insertRecordRow(site, AWARDS, award('Kidlat Electric'), '2026-04-01T00:00:00.000Z');
    await setVersion(site, version);
    expect(await qualityReport(site, settings, now)).toBe(first);

    await insertRecordRow(
      engine.another(),
      AWARDS,
      award('Ulan Roofing'),
      '2026-04-02T00:00:00.000Z',
    );
    const second = await qualityReport(site, settings, now);
    expect(second).not.toBe(first);
    // Two notices attached to no project: two more contracting processes, each its own.
    expect(second!.processes).toBe(first!.processes + 2);
  });
});
