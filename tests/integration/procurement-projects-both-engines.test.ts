import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { listAudit } from '../../db/audit-log.ts';
import { importPlanLines, planLineProject } from '../../db/procurement-projects/annual-plan.ts';
import {
  planLineByKey,
  planYears,
  procurementPlan,
} from '../../db/procurement-projects/plan-list.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import type { PlanLine } from '../../shared/procurement-projects/procurement-plan.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { describeOnBothEngines } from '../helpers/both-engines.ts';
import { insertRecordRow } from '../helpers/record-rows.ts';

const PREFIX = 'ocds-test';
const SOURCE = { actor: 'bac@example.gov.ph', address: '203.0.113.9', detail: { file: 'app.csv' } };

const line = (appCode: string, title: string, abc: number): PlanLine => ({
  appCode,
  title,
  endUserOffice: 'Municipal Engineering Office',
  mode: 'Public Bidding',
  sourceOfFunds: '20% Development Fund',
  abc,
  columns: { Remarks: appCode },
});

/** A published notice of `collection` attached to project `projectId`, as attachNewNotice leaves it. */
async function attachNotice(
  database: SiteDatabase,
  collection: string,
  values: Record<string, string>,
  projectId: number,
  created: string,
): Promise<void> {
  const id = await insertRecordRow(database, kindByCollection(collection)!, values, created);
  await sql`INSERT INTO procurement_project_notices (collection, record_id, project_id)
    VALUES (${collection}, ${id}, ${projectId})`.execute(database.db);
}

describeOnBothEngines('the Annual Procurement Plan', (engine) => {
  it('imports a plan’s lines, then updates them by APP code, each with its audit entry', async () => {
    const site = engine.site();
    const added = await importPlanLines(
      site,
      {
        year: 2031,
        lines: [line('B-2', 'School chairs', 500_000_00), line('A-1', 'Road', 2_000_000_00)],
      },
      SOURCE,
      new Date('2031-01-10T00:00:00.000Z'),
    );
    expect(added).toEqual({ added: 2, updated: 0 });
    const first = await planLineProject(site, 2031, 'A-1');
    expect(first?.process_key).toBe('app-2031-A-1');
    expect(await planLineByKey(site, 'app-2031-A-1')).toEqual({
      app_code: 'A-1',
      app_year: 2031,
      title: 'Road',
      abc: 2_000_000_00,
      source_of_funds: '20% Development Fund',
      created: '2031-01-10T00:00:00.000Z',
    });

    // Imported again, dated earlier: the lines change, their `updated` does not go back.
    const again = await importPlanLines(
      site,
      { year: 2031, lines: [line('A-1', 'Concrete road', 2_500_000_00)] },
      SOURCE,
      new Date('2031-01-01T00:00:00.000Z'),
    );
    expect(again).toEqual({ added: 0, updated: 1 });
    expect((await planLineProject(site, 2031, 'A-1'))?.id).toBe(first?.id);
    const { rows } = await sql<{
      title: string;
      abc: number;
      updated: string;
      plan_columns: string;
    }>`
      SELECT title, abc, updated, plan_columns FROM procurement_projects WHERE id = ${first!.id}`.execute(
      site.db,
    );
    expect(rows[0]).toEqual({
      title: 'Concrete road',
      abc: 2_500_000_00,
      updated: '2031-01-10T00:00:00.000Z',
      plan_columns: JSON.stringify({ Remarks: 'A-1' }),
    });
    const audit = await listAudit(site, { limit: 3, action: 'app-line-imported' });
    expect(audit.map((entry) => [entry.detail.project, entry.detail.change])).toEqual([
      ['app-2031-A-1', 'updated'],
      ['app-2031-A-1', 'added'],
      ['app-2031-B-2', 'added'],
    ]);
    expect(audit[0]).toMatchObject({
      actor: 'bac@example.gov.ph',
      address: '203.0.113.9',
      detail: { appCode: 'A-1', year: 2031, abc: '2500000.00', file: 'app.csv' },
    });
  });

  it('stores none of a plan when one line fails, nor their audit entries', async () => {
    const site = engine.site();
    const before = (await listAudit(site, { limit: 1000 })).length;
    await expect(
      importPlanLines(
        site,
        { year: 2032, lines: [line('C-1', 'Boat', 100_00), line('C-2', 'Too much', -1)] },
        SOURCE,
        new Date('2032-01-10T00:00:00.000Z'),
      ),
    ).rejects.toThrow();
    expect(await planLineProject(site, 2032, 'C-1')).toBeUndefined();
    expect(await planYears(site)).not.toContain(2032);
    expect((await listAudit(site, { limit: 1000 })).length).toBe(before);
  });

  it('adopts a project of the year that already has the APP code', async () => {
    const site = engine.site();
    await sql`INSERT INTO procurement_projects (process_key, title, abc, app_code, year, created, updated)
      VALUES ('notice-started', 'Rescue boat', 900000, 'D-1', 2033, '2033-02-01T00:00:00.000Z',
        '2033-02-01T00:00:00.000Z')`.execute(site.db);
    expect((await planLineProject(site, 2033, 'D-1'))?.process_key).toBe('notice-started');
    expect(await planLineByKey(site, 'notice-started')).toBeUndefined();
    const counts = await importPlanLines(
      site,
      { year: 2033, lines: [line('D-1', 'Rescue boat', 880_000_00)] },
      SOURCE,
      new Date('2033-03-01T00:00:00.000Z'),
    );
    expect(counts).toEqual({ added: 0, updated: 1 });
    expect(await planLineByKey(site, 'notice-started')).toMatchObject({
      app_year: 2033,
      abc: 880_000_00,
    });
  });

  it('reads a year’s plan in APP code order with each line’s status and award', async () => {
    const site = engine.site();
    await importPlanLines(
      site,
      {
        year: 2034,
        lines: [
          line('P-3', 'Rescue boat', 900_000_00),
          line('P-1', 'Road', 100_00),
          line('P-2', 'Chairs', 200_00),
        ],
      },
      SOURCE,
      new Date('2034-01-10T00:00:00.000Z'),
    );
    const chairs = (await planLineProject(site, 2034, 'P-2'))!.id;
    const boat = (await planLineProject(site, 2034, 'P-3'))!.id;
    await attachNotice(
      site,
      'public_bidding',
      {
        bid_number: 'ITB-P-2',
        project_title: 'Chairs',
        abc: '200.00',
        link: 'https://example.org/itb.pdf',
      },
      chairs,
      '2034-02-01T00:00:00.000Z',
    );
    for (const [amount, created] of [
      ['870000.00', '2034-03-01T00:00:00.000Z'],
      ['880000.00', '2034-03-02T00:00:00.000Z'],
    ] as const) {
      await attachNotice(
        site,
        'notice_of_awards',
        {
          pr_number: `PR-${created}`,
          project_title: 'Rescue boat',
          supplier: 'Dagat Marine',
          mode_of_procurement: 'Public Bidding',
          contract_amount: amount,
          link: 'https://example.org/noa.pdf',
        },
        boat,
        created,
      );
    }
    const plan = await procurementPlan(site, 2034, { ocidPrefix: PREFIX, currentYear: 2034 });
    expect(plan.year).toBe(2034);
    expect(plan.total).toBe('900300.00');
    expect(
      plan.lines.map((each) => [each.appCode, each.status, each.budget, each.awarded]),
    ).toEqual([
      ['P-1', 'planned', '100.00', null],
      ['P-2', 'ongoing', '200.00', null],
      ['P-3', 'awarded', '900000.00', '880000.00'],
    ]);
    expect(plan.lines[0]).toMatchObject({
      ocid: `${PREFIX}-app-2034-P-1`,
      title: 'Road',
      endUserOffice: 'Municipal Engineering Office',
      mode: 'Public Bidding',
      sourceOfFunds: '20% Development Fund',
    });
    expect(plan.years).toEqual([2034, 2033, 2031]);
    // No year asked: the current year's, else the latest year's, else the current year's empty plan.
    expect(
      (await procurementPlan(site, undefined, { ocidPrefix: PREFIX, currentYear: 2033 })).year,
    ).toBe(2033);
    expect(
      (await procurementPlan(site, undefined, { ocidPrefix: PREFIX, currentYear: 2040 })).year,
    ).toBe(2034);
    const empty = await procurementPlan(site, 2020, { ocidPrefix: PREFIX, currentYear: 2040 });
    expect(empty).toMatchObject({ year: 2020, lines: [], total: '0.00' });
  });
});
