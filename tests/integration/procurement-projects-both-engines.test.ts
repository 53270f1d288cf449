import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { listAudit } from '../../db/audit-log.ts';
import { importPlanLines, planLineProject } from '../../db/procurement-projects/annual-plan.ts';
import {
  planLineByKey,
  planYears,
  procurementPlan,
} from '../../db/procurement-projects/plan-list.ts';
import {
  addBids,
  bidsByFoldedBidder,
  bidsOfProject,
  projectHasLcrb,
} from '../../db/procurement-projects/bids.ts';
import {
  addAmendments,
  amendmentsOfProject,
} from '../../db/procurement-projects/contract-amendments.ts';
import {
  completionsOfProject,
  stateCompletion,
} from '../../db/procurement-projects/project-completions.ts';
import {
  categoriesOfProject,
  conferenceRowsOfProject,
  observerRowsOfProject,
  stateCategory,
  writeConference,
  writeObserver,
} from '../../db/procurement-projects/conferences.ts';
import {
  listProjects,
  projectIdsOfSupplier,
  projectStatus,
} from '../../db/procurement-projects/project-list.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import type { ProjectListQuery } from '../../shared/procurement-projects/procurement-project.ts';
import type { PlanLine } from '../../shared/procurement-projects/procurement-plan.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { foldSupplierName } from '../../shared/suppliers/supplier-name.ts';
import { describeOnBothEngines } from '../helpers/both-engines.ts';
import { insertRecordRow } from '../helpers/record-rows.ts';

const PREFIX = 'ocds-abc123';
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

/** A project as a notice or staff start one (not a plan line); answers its id. */
async function addProject(
  database: SiteDatabase,
  project: {
    key: string;
    title: string;
    year: number;
    mode?: string;
    appCode?: string;
    created: string;
  },
): Promise<number> {
  const { rows } = await sql<{ id: number }>`INSERT INTO procurement_projects
      (process_key, title, mode, abc, app_code, year, created, updated)
    VALUES (${project.key}, ${project.title}, ${project.mode ?? null}, 100000, ${project.appCode ?? null},
      ${project.year}, ${project.created}, ${project.created})
    RETURNING id`.execute(database.db);
  return rows[0]!.id;
}

const LIST: ProjectListQuery = {
  q: '',
  page: 1,
  year: undefined,
  mode: undefined,
  status: undefined,
};

describeOnBothEngines('the procurement projects list', (engine) => {
  const ids: Record<string, number> = {};
  const titles = async (query: Partial<ProjectListQuery>, only?: readonly number[]) =>
    (await listProjects(engine.site(), { ...LIST, ...query }, PREFIX, { only })).items.map(
      (item) => item.title,
    );

  beforeAll(async () => {
    const site = engine.site();
    // Twenty-three projects of 2040 (more than a page), newest first by creation.
    for (let n = 1; n <= 23; n++) {
      const day = String(n).padStart(2, '0');
      ids[`bulk-${n}`] = await addProject(site, {
        key: `bulk-${n}`,
        title: `Bulk item ${n}`,
        year: 2040,
        mode: n % 2 === 0 ? 'Shopping' : 'Public Bidding',
        created: `2040-01-${day}T00:00:00.000Z`,
      });
    }
    ids.drainage = await addProject(site, {
      key: 'drain-1',
      title: 'Drainage canal in Parañaque street',
      year: 2041,
      mode: 'Public Bidding',
      appCode: 'APP-DR-1',
      created: '2041-02-01T00:00:00.000Z',
    });
    ids.cotton = await addProject(site, {
      key: 'cotton-1',
      title: '100% cotton uniforms',
      year: 2041,
      created: '2041-02-02T00:00:00.000Z',
    });
    ids.office = await addProject(site, {
      key: 'office-1',
      title: 'Office_supplies batch',
      year: 2041,
      created: '2041-02-03T00:00:00.000Z',
    });
    ids.failed = await addProject(site, {
      key: 'failed-1',
      title: 'Rescue boat',
      year: 2041,
      created: '2041-02-04T00:00:00.000Z',
    });
    ids.done = await addProject(site, {
      key: 'done-1',
      title: 'Multipurpose hall',
      year: 2041,
      created: '2041-02-05T00:00:00.000Z',
    });
    const notice = { project_title: 'x', link: 'https://example.org/n.pdf' };
    await attachNotice(
      site,
      'public_bidding',
      { ...notice, bid_number: 'ITB-DRAIN-7' },
      ids.drainage,
      '2041-03-01T00:00:00.000Z',
    );
    // Tendered, then declared failed: failed; a later tender would make it ongoing again.
    await attachNotice(
      site,
      'public_bidding',
      { ...notice, bid_number: 'ITB-BOAT-1' },
      ids.failed,
      '2041-03-01T00:00:00.000Z',
    );
    await attachNotice(
      site,
      'two_failed_bidding',
      { ...notice, pr_number: 'PR-BOAT-1' },
      ids.failed,
      '2041-03-02T00:00:00.000Z',
    );
    await attachNotice(
      site,
      'public_bidding',
      { ...notice, bid_number: 'ITB-HALL-1' },
      ids.done,
      '2041-03-01T00:00:00.000Z',
    );
    await sql`INSERT INTO project_completions (project_id, date, created, actor)
      VALUES (${ids.done}, '2041-06-30', '2041-07-01T00:00:00.000Z', 'bac@example.gov.ph')`.execute(
      site.db,
    );
    await sql`INSERT INTO project_bids (project_id, bidder, bidder_folded, amount, outcome, reason, created, actor)
      VALUES (${ids.office}, 'Dagat Marine Inc.', 'dagat marine', 90000, 'lcrb', '',
        '2041-03-01T00:00:00.000Z', 'bac@example.gov.ph')`.execute(site.db);
  });

  it('pages the projects newest year first, newest first, with the count of all', async () => {
    const first = await listProjects(engine.site(), LIST, PREFIX);
    expect(first.total).toBe(28);
    expect(first.items).toHaveLength(20);
    expect(first.items.slice(0, 6).map((item) => item.title)).toEqual([
      'Multipurpose hall',
      'Rescue boat',
      'Office_supplies batch',
      '100% cotton uniforms',
      'Drainage canal in Parañaque street',
      'Bulk item 23',
    ]);
    expect(first.items[4]).toEqual({
      ocid: `${PREFIX}-drain-1`,
      title: 'Drainage canal in Parañaque street',
      endUserOffice: null,
      mode: 'Public Bidding',
      abc: '1000.00',
      appCode: 'APP-DR-1',
      year: 2041,
      status: 'ongoing',
      created: '2041-02-01T00:00:00.000Z',
      updated: '2041-02-01T00:00:00.000Z',
    });
    const second = await listProjects(engine.site(), { ...LIST, page: 2 }, PREFIX);
    expect(second.total).toBe(28);
    expect(second.items.map((item) => item.title)).toEqual([
      'Bulk item 8',
      'Bulk item 7',
      'Bulk item 6',
      'Bulk item 5',
      'Bulk item 4',
      'Bulk item 3',
      'Bulk item 2',
      'Bulk item 1',
    ]);
    // Past the last page: no items, and the count still said.
    expect(await listProjects(engine.site(), { ...LIST, page: 9 }, PREFIX)).toEqual({
      total: 28,
      items: [],
    });
    const all = await listProjects(engine.site(), LIST, PREFIX, { all: true });
    expect(all.items).toHaveLength(28);
  });

  it('derives each status: planned, ongoing, failed, completed', async () => {
    expect(await projectStatus(engine.site(), ids['bulk-1']!)).toBe('planned');
    expect(await projectStatus(engine.site(), ids.drainage!)).toBe('ongoing');
    expect(await projectStatus(engine.site(), ids.failed!)).toBe('failed');
    expect(await projectStatus(engine.site(), ids.done!)).toBe('completed');
    expect(await projectStatus(engine.site(), 999_999)).toBe('planned');
    expect(await titles({ status: 'failed' })).toEqual(['Rescue boat']);
    expect(await titles({ status: 'completed' })).toEqual(['Multipurpose hall']);
    expect(await titles({ status: 'ongoing' })).toEqual(['Drainage canal in Parañaque street']);
  });

  it('searches title, APP code, OCID and notice numbers in any case, wildcards literal', async () => {
    expect(await titles({ q: 'DRAINAGE' })).toEqual(['Drainage canal in Parañaque street']);
    expect(await titles({ q: 'app-dr' })).toEqual(['Drainage canal in Parañaque street']);
    expect(await titles({ q: `${PREFIX}-cotton-1` })).toEqual(['100% cotton uniforms']);
    expect(await titles({ q: 'itb-drain' })).toEqual(['Drainage canal in Parañaque street']);
    expect(await titles({ q: 'pr-boat' })).toEqual(['Rescue boat']);
    expect(await titles({ q: '100%' })).toEqual(['100% cotton uniforms']);
    expect(await titles({ q: '%' })).toEqual(['100% cotton uniforms']);
    expect(await titles({ q: 'e_s' })).toEqual(['Office_supplies batch']);
    expect(await titles({ q: 'nothing like it' })).toEqual([]);
  });

  it('filters by year, mode and a list of projects', async () => {
    expect((await listProjects(engine.site(), { ...LIST, year: 2041 }, PREFIX)).total).toBe(5);
    const shopping = await listProjects(engine.site(), { ...LIST, mode: 'Shopping' }, PREFIX);
    expect(shopping.total).toBe(11);
    expect(shopping.items[0]!.title).toBe('Bulk item 22');
    expect(await titles({}, [ids.office!, ids['bulk-3']!])).toEqual([
      'Office_supplies batch',
      'Bulk item 3',
    ]);
    expect(await titles({}, [])).toEqual([]);
    expect(await titles({ q: 'bulk item 3' }, [ids.office!, ids['bulk-3']!])).toEqual([
      'Bulk item 3',
    ]);
  });

  it('finds a supplier’s projects by its award notices and its folded bidder names', async () => {
    const [award] = (
      await sql<{ record_id: number }>`SELECT record_id FROM procurement_project_notices
        WHERE project_id = ${ids.drainage!}`.execute(engine.site().db)
    ).rows;
    const found = await projectIdsOfSupplier(
      engine.site(),
      [{ collection: 'public_bidding', id: award!.record_id }],
      ['dagat marine', 'nobody'],
    );
    expect([...found].sort((a, b) => a - b)).toEqual([ids.drainage, ids.office]);
    expect(await projectIdsOfSupplier(engine.site(), [], [])).toEqual([]);
    expect(
      await projectIdsOfSupplier(engine.site(), [{ collection: 'svp', id: award!.record_id }], []),
    ).toEqual([]);
  });
});

/** How many rows `table` has (audit_log, project_bids, …). */
async function countRows(database: SiteDatabase, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(
    database.db,
  );
  return Number(rows[0]!.n);
}

describeOnBothEngines('the abstract of bids', (engine) => {
  const BIDDER = { actor: 'bac@example.gov.ph', address: '203.0.113.9', detail: { role: 'bac' } };
  const bid = (
    projectId: number,
    bidder: string,
    amount: number,
    outcome: 'lcrb' | 'responsive',
  ) => ({
    projectId,
    projectKey: `key-${projectId}`,
    bidder,
    amount,
    outcome,
    reason: '',
  });

  it('adds bids in one transaction with their audit entries, and lists them', async () => {
    const site = engine.site();
    const bridge = await addProject(site, {
      key: 'bridge-1',
      title: 'Bridge',
      year: 2050,
      created: '2050-01-01T00:00:00.000Z',
    });
    const school = await addProject(site, {
      key: 'school-1',
      title: 'School',
      year: 2050,
      created: '2050-01-01T00:00:00.000Z',
    });
    expect(await projectHasLcrb(site, bridge)).toBe(false);
    const ids = await addBids(
      site,
      [
        bid(bridge, 'Matibay Builders, Inc.', 500_00, 'responsive'),
        bid(bridge, 'Dagat Marine', 400_00, 'lcrb'),
        bid(bridge, 'Third Bidder', 500_00, 'responsive'),
      ],
      BIDDER,
      new Date('2050-02-01T00:00:00.000Z'),
    );
    expect(ids).toHaveLength(3);
    expect(ids[1]! - ids[0]!).toBe(1);
    await addBids(
      site,
      [bid(school, 'MATIBAY BUILDERS INC', 900_00, 'lcrb')],
      BIDDER,
      new Date('2050-03-01T00:00:00.000Z'),
    );
    expect(await projectHasLcrb(site, bridge)).toBe(true);
    const listed = await bidsOfProject(site, bridge);
    expect(listed.map((row) => [row.bidder, row.amount, row.outcome])).toEqual([
      ['Dagat Marine', 400_00, 'lcrb'],
      ['Matibay Builders, Inc.', 500_00, 'responsive'],
      ['Third Bidder', 500_00, 'responsive'],
    ]);
    expect(listed[1]).toEqual({
      id: ids[0],
      project_id: bridge,
      bidder: 'Matibay Builders, Inc.',
      bidder_folded: foldSupplierName('Matibay Builders, Inc.'),
      amount: 500_00,
      outcome: 'responsive',
      reason: '',
      created: '2050-02-01T00:00:00.000Z',
      actor: 'bac@example.gov.ph',
    });
    const folded = foldSupplierName('Matibay Builders, Inc.');
    expect(foldSupplierName('MATIBAY BUILDERS INC')).toBe(folded);
    const byBidder = await bidsByFoldedBidder(site, folded);
    expect(byBidder.map((row) => [row.process_key, row.title, row.amount])).toEqual([
      ['school-1', 'School', 900_00],
      ['bridge-1', 'Bridge', 500_00],
    ]);
    const { rows } = await sql<{ updated: string }>`SELECT updated FROM procurement_projects
      WHERE id = ${bridge}`.execute(site.db);
    expect(rows[0]!.updated).toBe('2050-02-01T00:00:00.000Z');
    const audit = await listAudit(site, { limit: 4, action: 'bid-added' });
    expect(audit.map((entry) => entry.detail.bid)).toEqual([ids[2]! + 1, ids[2], ids[1], ids[0]]);
    expect(audit[3]).toMatchObject({
      actor: 'bac@example.gov.ph',
      address: '203.0.113.9',
      detail: {
        project: `key-${bridge}`,
        bidder: 'Matibay Builders, Inc.',
        amount: '500.00',
        outcome: 'responsive',
        role: 'bac',
      },
    });
  });

  it('stores none of a batch whose second LCRB the unique index refuses', async () => {
    const site = engine.site();
    const hall = await addProject(site, {
      key: 'hall-1',
      title: 'Hall',
      year: 2050,
      created: '2050-01-01T00:00:00.000Z',
    });
    await addBids(
      site,
      [bid(hall, 'First', 100_00, 'lcrb')],
      BIDDER,
      new Date('2050-02-01T00:00:00.000Z'),
    );
    const before = [await countRows(site, 'project_bids'), await countRows(site, 'audit_log')];
    await expect(
      addBids(
        site,
        [bid(hall, 'Good Bidder', 200_00, 'responsive'), bid(hall, 'Second Lcrb', 150_00, 'lcrb')],
        BIDDER,
        new Date('2050-04-01T00:00:00.000Z'),
      ),
    ).rejects.toThrow();
    expect([await countRows(site, 'project_bids'), await countRows(site, 'audit_log')]).toEqual(
      before,
    );
    const { rows } = await sql<{ updated: string }>`SELECT updated FROM procurement_projects
      WHERE id = ${hall}`.execute(site.db);
    expect(rows[0]!.updated).toBe('2050-02-01T00:00:00.000Z');
  });
});

describeOnBothEngines('RA 12009 section 38: conferences, observers and category', (engine) => {
  const BAC = { actor: 'bac@example.gov.ph', address: '203.0.113.9', detail: { role: 'bac' } };
  const AT = new Date('2060-05-01T00:00:00.000Z');
  const conference = (date: string, reason: string | null = null) => ({
    kind: 'pre-bid' as const,
    date,
    livestreamUrl: 'https://example.org/live',
    recordingUrl: null,
    reason,
  });

  it('adds and corrects conferences and observers, rows kept, with their audit entries', async () => {
    const site = engine.site();
    const id = await addProject(site, {
      key: 'sec38-1',
      title: 'Market',
      year: 2060,
      created: '2060-01-01T00:00:00.000Z',
    });
    const project = { id, key: 'sec38-1' };
    const first = await writeConference(
      site,
      project,
      conference('2060-04-01', 'ignored'),
      null,
      BAC,
      AT,
    );
    expect(first.ok).toBe(true);
    const firstId = first.ok ? first.id : 0;
    const corrected = await writeConference(
      site,
      project,
      conference('2060-04-02', 'Wrong date'),
      firstId,
      BAC,
      AT,
    );
    // A correction keeps the entry's address: its first row's id.
    expect(corrected).toEqual({ ok: true, id: firstId });
    // Only a first row of this project can be corrected.
    const secondRowId = (await conferenceRowsOfProject(site, id))[1]!.id;
    expect(
      await writeConference(site, project, conference('2060-04-03', 'x'), secondRowId, BAC, AT),
    ).toEqual({
      ok: false,
      code: 'NO_SUCH_ENTRY',
    });
    const other = await addProject(site, {
      key: 'sec38-2',
      title: 'Other',
      year: 2060,
      created: '2060-01-01T00:00:00.000Z',
    });
    expect(
      await writeConference(
        site,
        { id: other, key: 'sec38-2' },
        conference('2060-04-03', 'x'),
        firstId,
        BAC,
        AT,
      ),
    ).toEqual({ ok: false, code: 'NO_SUCH_ENTRY' });
    const rows = await conferenceRowsOfProject(site, id);
    expect(rows.map((row) => [row.corrects, row.date, row.reason])).toEqual([
      [null, '2060-04-01', null],
      [firstId, '2060-04-02', 'Wrong date'],
    ]);
    expect(rows[0]).toMatchObject({
      kind: 'pre-bid',
      livestream_url: 'https://example.org/live',
      recording_url: null,
      actor: 'bac@example.gov.ph',
      created: '2060-05-01T00:00:00.000Z',
    });
    const observed = await writeObserver(
      site,
      project,
      { name: 'Maria Cruz', organisation: 'Parish council', invited: '2060-03-30', reason: null },
      null,
      BAC,
      AT,
    );
    expect(observed.ok).toBe(true);
    expect(
      (await observerRowsOfProject(site, id)).map((row) => [
        row.name,
        row.organisation,
        row.invited,
      ]),
    ).toEqual([['Maria Cruz', 'Parish council', '2060-03-30']]);
    const audit = await listAudit(site, { limit: 3 });
    expect(audit.map((entry) => entry.action)).toEqual([
      'observer-added',
      'conference-corrected',
      'conference-added',
    ]);
    expect(audit[1]!.detail).toEqual({
      project: 'sec38-1',
      conference: firstId,
      row: rows[1]!.id,
      kind: 'pre-bid',
      date: '2060-04-02',
      livestreamUrl: 'https://example.org/live',
      recordingUrl: null,
      reason: 'Wrong date',
      role: 'bac',
    });
    const { rows: touched } = await sql<{
      updated: string;
    }>`SELECT updated FROM procurement_projects
      WHERE id = ${id}`.execute(site.db);
    expect(touched[0]!.updated).toBe('2060-05-01T00:00:00.000Z');
  });

  it('states a category, and corrects it only with a reason', async () => {
    const site = engine.site();
    const id = await addProject(site, {
      key: 'sec38-3',
      title: 'Road',
      year: 2060,
      created: '2060-01-01T00:00:00.000Z',
    });
    const project = { id, key: 'sec38-3' };
    const stated = await stateCategory(site, project, 'goods', 'not kept', BAC, AT);
    expect(stated).toMatchObject({ ok: true, corrected: false });
    const before = await countRows(site, 'audit_log');
    expect(await stateCategory(site, project, 'infrastructure', null, BAC, AT)).toEqual({
      ok: false,
      code: 'REASON_REQUIRED',
    });
    expect(await countRows(site, 'audit_log')).toBe(before);
    expect(
      await stateCategory(site, project, 'infrastructure', 'A road is a work', BAC, AT),
    ).toMatchObject({
      ok: true,
      corrected: true,
    });
    expect((await categoriesOfProject(site, id)).map((row) => [row.category, row.reason])).toEqual([
      ['goods', null],
      ['infrastructure', 'A road is a work'],
    ]);
    const [audit] = await listAudit(site, { limit: 1 });
    expect(audit).toMatchObject({
      action: 'category-corrected',
      detail: { project: 'sec38-3', category: 'infrastructure', reason: 'A road is a work' },
    });
  });

  it('stores nothing of a conference the database refuses', async () => {
    const site = engine.site();
    const id = await addProject(site, {
      key: 'sec38-4',
      title: 'Hall',
      year: 2060,
      created: '2060-01-01T00:00:00.000Z',
    });
    const before = [
      await countRows(site, 'project_conferences'),
      await countRows(site, 'audit_log'),
    ];
    await expect(
      writeConference(site, { id, key: 'sec38-4' }, conference('April first'), null, BAC, AT),
    ).rejects.toThrow();
    expect([
      await countRows(site, 'project_conferences'),
      await countRows(site, 'audit_log'),
    ]).toEqual(before);
  });
});

describeOnBothEngines('contract amendments and the completion', (engine) => {
  const SOURCE_BAC = {
    actor: 'bac@example.gov.ph',
    address: '203.0.113.9',
    detail: { role: 'bac' },
  };
  let uploader: { id: number; email: string };
  beforeAll(async () => {
    const { id } = await engine
      .site()
      .db.insertInto('staff_users')
      .values({ email: 'bac@example.gov.ph', display_name: 'BAC', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    uploader = { id, email: 'bac@example.gov.ph' };
  });
  const pdf = (letter: string) => ({
    sha256: letter.repeat(64),
    bytes: 2048,
    type: 'application/pdf',
    fileName: `${letter}.pdf`,
  });

  it('adds amendments in one transaction, with a signed variation order, listed by date', async () => {
    const site = engine.site();
    const id = await addProject(site, {
      key: 'amend-1',
      title: 'Road',
      year: 2070,
      created: '2070-01-01T00:00:00.000Z',
    });
    const ids = await addAmendments(
      site,
      [
        {
          projectId: id,
          projectKey: 'amend-1',
          amount: 120_000_00,
          date: '2070-05-01',
          reason: 'Extra works',
        },
        {
          projectId: id,
          projectKey: 'amend-1',
          amount: 110_000_00,
          date: '2070-03-01',
          reason: 'Quantities',
          document: { ...pdf('a'), uploader, address: '203.0.113.9' },
        },
      ],
      SOURCE_BAC,
      new Date('2070-06-01T00:00:00.000Z'),
    );
    expect(ids).toHaveLength(2);
    const rows = await amendmentsOfProject(site, id);
    expect(rows.map((row) => [row.id, row.date, row.amount, row.file_name])).toEqual([
      [ids[1], '2070-03-01', 110_000_00, 'a.pdf'],
      [ids[0], '2070-05-01', 120_000_00, null],
    ]);
    expect(rows[0]).toMatchObject({
      document_sha256: 'a'.repeat(64),
      bytes: 2048,
      type: 'application/pdf',
      actor: 'bac@example.gov.ph',
      created: '2070-06-01T00:00:00.000Z',
    });
    const audit = await listAudit(site, { limit: 3 });
    expect(audit.map((entry) => entry.action)).toEqual([
      'contract-amended',
      'document-uploaded',
      'contract-amended',
    ]);
    expect(audit[0]!.detail).toEqual({
      project: 'amend-1',
      amendment: ids[1],
      amount: '110000.00',
      date: '2070-03-01',
      reason: 'Quantities',
      document: 'a'.repeat(64),
      role: 'bac',
    });
  });

  it('stores none of a batch when one amendment fails, its document neither', async () => {
    const site = engine.site();
    const id = await addProject(site, {
      key: 'amend-2',
      title: 'Bridge',
      year: 2070,
      created: '2070-01-01T00:00:00.000Z',
    });
    const before = [
      await countRows(site, 'contract_amendments'),
      await countRows(site, 'documents'),
      await countRows(site, 'audit_log'),
    ];
    await expect(
      addAmendments(
        site,
        [
          {
            projectId: id,
            projectKey: 'amend-2',
            amount: 1_00,
            date: '2070-03-01',
            reason: 'Fine',
            document: { ...pdf('b'), uploader, address: null },
          },
          { projectId: id, projectKey: 'amend-2', amount: 2_00, date: 'March', reason: 'Bad date' },
        ],
        SOURCE_BAC,
        new Date('2070-06-01T00:00:00.000Z'),
      ),
    ).rejects.toThrow();
    expect([
      await countRows(site, 'contract_amendments'),
      await countRows(site, 'documents'),
      await countRows(site, 'audit_log'),
    ]).toEqual(before);
  });

  it('states a completion with its certificate, and corrects it only with a reason', async () => {
    const site = engine.site();
    const id = await addProject(site, {
      key: 'done-2',
      title: 'Hall',
      year: 2070,
      created: '2070-01-01T00:00:00.000Z',
    });
    const source = { actor: uploader, address: '203.0.113.9', detail: { role: 'bac' } };
    const first = await stateCompletion(
      site,
      {
        projectId: id,
        projectKey: 'done-2',
        date: '2070-07-01',
        reason: 'not kept',
        document: pdf('c'),
      },
      source,
      new Date('2070-07-02T00:00:00.000Z'),
    );
    expect(first.ok).toBe(true);
    expect(
      await stateCompletion(
        site,
        { projectId: id, projectKey: 'done-2', date: '2070-07-03', reason: null, document: null },
        source,
        new Date('2070-07-04T00:00:00.000Z'),
      ),
    ).toEqual({ ok: false, code: 'REASON_REQUIRED' });
    const corrected = await stateCompletion(
      site,
      {
        projectId: id,
        projectKey: 'done-2',
        date: '2070-06-30',
        reason: 'Certificate says June',
        document: null,
      },
      source,
      new Date('2070-07-05T00:00:00.000Z'),
    );
    expect(corrected.ok).toBe(true);
    const rows = await completionsOfProject(site, id);
    expect(rows.map((row) => [row.date, row.reason, row.file_name])).toEqual([
      ['2070-07-01', null, 'c.pdf'],
      ['2070-06-30', 'Certificate says June', null],
    ]);
    const audit = await listAudit(site, { limit: 3 });
    expect(audit.map((entry) => entry.action)).toEqual([
      'completion-corrected',
      'project-completed',
      'document-uploaded',
    ]);
    expect(audit[0]!.detail).toEqual({
      project: 'done-2',
      completion: corrected.ok ? corrected.id : 0,
      date: '2070-06-30',
      reason: 'Certificate says June',
      role: 'bac',
    });
    const { rows: touched } = await sql<{
      updated: string;
    }>`SELECT updated FROM procurement_projects
      WHERE id = ${id}`.execute(site.db);
    expect(touched[0]!.updated).toBe('2070-07-05T00:00:00.000Z');
  });

  it('stores nothing of a completion the database refuses, its certificate neither', async () => {
    const site = engine.site();
    const id = await addProject(site, {
      key: 'done-3',
      title: 'Well',
      year: 2070,
      created: '2070-01-01T00:00:00.000Z',
    });
    const before = [
      await countRows(site, 'project_completions'),
      await countRows(site, 'documents'),
      await countRows(site, 'audit_log'),
    ];
    await expect(
      stateCompletion(
        site,
        { projectId: id, projectKey: 'done-3', date: 'July', reason: null, document: pdf('d') },
        { actor: uploader, address: null, detail: {} },
        new Date('2070-07-02T00:00:00.000Z'),
      ),
    ).rejects.toThrow();
    expect([
      await countRows(site, 'project_completions'),
      await countRows(site, 'documents'),
      await countRows(site, 'audit_log'),
    ]).toEqual(before);
  });
});
