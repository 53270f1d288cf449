import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { listAudit } from '../../db/audit-log.ts';
import {
  answersOfProject,
  answersOfProjects,
  flagAnswerKey,
  writeFlagAnswer,
} from '../../db/red-flags/flag-answers.ts';
import {
  failedBiddingNotices,
  failedBidRows,
  projectAwardNotices,
  projectLinks,
  projectsBegan,
} from '../../db/red-flags/flag-facts.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import { manilaYear } from '../../shared/manila-time.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { describeOnBothEngines } from '../helpers/both-engines.ts';
import { insertRecordRow, withdrawRecordRow } from '../helpers/record-rows.ts';

const BAC = { actor: 'bac@example.gov.ph', address: '203.0.113.9', detail: { role: 'bac' } };

async function addProject(
  { db }: SiteDatabase,
  key: string,
  created: string,
  appCode: string | null = null,
): Promise<number> {
  const { rows } = await sql<{ id: number }>`INSERT INTO procurement_projects
      (process_key, title, app_code, year, created, updated)
    VALUES (${key}, ${`Project ${key}`}, ${appCode}, 2026, ${created}, ${created}) RETURNING id`.execute(
    db,
  );
  return rows[0]!.id;
}

/** A notice of `collection` attached to project `projectId`; answers its record id. */
async function attach(
  database: SiteDatabase,
  collection: string,
  values: Record<string, string>,
  projectId: number,
  created: string,
): Promise<number> {
  const id = await insertRecordRow(database, kindByCollection(collection)!, values, created);
  await sql`INSERT INTO procurement_project_notices (collection, record_id, project_id)
    VALUES (${collection}, ${id}, ${projectId})`.execute(database.db);
  return id;
}

const award = (supplier: string, reference: string) => ({
  pr_number: `PR-${supplier}-${reference}`,
  project_title: 'Road',
  supplier,
  mode_of_procurement: 'Public Bidding',
  philgeps_reference: reference,
  contract_amount: '1000.00',
  link: 'https://example.org/noa.pdf',
});

describeOnBothEngines('the BAC’s answers to red flags', (engine) => {
  it('answers a flag, corrects it only with a reason, keeps the history and audits each', async () => {
    const site = engine.site();
    const id = await addProject(site, 'answered-1', '2026-01-01T00:00:00.000Z');
    const project = { id, key: 'answered-1' };
    expect(
      await writeFlagAnswer(
        site,
        project,
        'short-posting',
        { text: 'Posted on time', reason: 'not kept' },
        BAC,
        new Date('2026-02-01T00:00:00.000Z'),
      ),
    ).toEqual({ ok: true, corrected: false });
    expect(
      await writeFlagAnswer(
        site,
        project,
        'short-posting',
        { text: 'Posted late', reason: null },
        BAC,
        new Date('2026-02-02T00:00:00.000Z'),
      ),
    ).toEqual({ ok: false, code: 'REASON_REQUIRED' });
    expect(
      await writeFlagAnswer(
        site,
        project,
        'short-posting',
        { text: 'Posted for 7 days', reason: 'Typo' },
        BAC,
        new Date('2026-02-03T00:00:00.000Z'),
      ),
    ).toEqual({ ok: true, corrected: true });
    await writeFlagAnswer(
      site,
      project,
      'single-bidder',
      { text: 'One bidder came', reason: null },
      BAC,
      new Date('2026-02-04T00:00:00.000Z'),
    );
    const answers = await answersOfProject(site, id);
    expect([...answers.keys()]).toEqual(['short-posting', 'single-bidder']);
    expect(answers.get('short-posting')).toEqual({
      text: 'Posted for 7 days',
      answered: '2026-02-03T00:00:00.000Z',
      history: [{ text: 'Posted on time', answered: '2026-02-01T00:00:00.000Z' }],
    });
    const { rows } = await sql<{ reason: string | null }>`SELECT reason FROM red_flag_answers
      WHERE project_id = ${id} ORDER BY id`.execute(site.db);
    expect(rows.map((row) => row.reason)).toEqual([null, 'Typo', null]);
    const audit = await listAudit(site, { limit: 3 });
    expect(audit.map((entry) => entry.action)).toEqual([
      'flag-answered',
      'flag-answer-corrected',
      'flag-answered',
    ]);
    expect(audit[1]!.detail).toEqual({
      project: 'answered-1',
      indicator: 'short-posting',
      text: 'Posted for 7 days',
      reason: 'Typo',
      role: 'bac',
    });
    const touched = await sql<{
      updated: string;
    }>`SELECT updated FROM procurement_projects WHERE id = ${id}`.execute(site.db);
    expect(touched.rows[0]!.updated).toBe('2026-02-04T00:00:00.000Z');

    const other = await addProject(site, 'answered-2', '2026-01-01T00:00:00.000Z');
    await writeFlagAnswer(
      site,
      { id: other, key: 'answered-2' },
      'bid-near-abc',
      { text: 'Fair price', reason: null },
      BAC,
      new Date('2026-03-01T00:00:00.000Z'),
    );
    const many = await answersOfProjects(site, [other, id, id, 999_999]);
    expect([...many.keys()].sort()).toEqual(
      [
        flagAnswerKey(id, 'short-posting'),
        flagAnswerKey(id, 'single-bidder'),
        flagAnswerKey(other, 'bid-near-abc'),
      ].sort(),
    );
    expect(many.get(flagAnswerKey(id, 'short-posting'))?.history).toHaveLength(1);
    expect(await answersOfProjects(site, [])).toEqual(new Map());
  });

  it('stores nothing of an answer the database refuses', async () => {
    const site = engine.site();
    const id = await addProject(site, 'answered-3', '2026-01-01T00:00:00.000Z');
    const before = (await listAudit(site, { limit: 1000 })).length;
    await expect(
      writeFlagAnswer(
        site,
        { id, key: 'answered-3' },
        'short-posting',
        { text: ' untrimmed ', reason: null },
        BAC,
        new Date('2026-02-01T00:00:00.000Z'),
      ),
    ).rejects.toThrow();
    expect(await answersOfProject(site, id)).toEqual(new Map());
    expect((await listAudit(site, { limit: 1000 })).length).toBe(before);
  });
});

describeOnBothEngines('what the red flags across projects read', (engine) => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const site = engine.site();
    ids.a = await addProject(site, 'fact-a', '2026-03-10T00:00:00.000Z', ' APP-1 ');
    ids.b = await addProject(site, 'fact-b', '2026-03-01T00:00:00.000Z', 'APP-1');
    ids.c = await addProject(site, 'fact-c', '2026-03-05T00:00:00.000Z');
    // A's first notice came before the project was made of it: A began then.
    await attach(
      site,
      'notice_of_awards',
      award('Dagat Marine', 'pg-77'),
      ids.a,
      '2026-03-02T00:00:00.000Z',
    );
    await attach(
      site,
      'notice_to_proceed',
      award('Dagat Marine', 'PG-77'),
      ids.a,
      '2026-03-20T00:00:00.000Z',
    );
    await attach(site, 'notice_of_awards', award(' ', 'PG-88'), ids.b, '2026-03-11T00:00:00.000Z');
    const withdrawn = await attach(
      site,
      'notice_of_awards',
      award('Gone Corp', 'PG-99'),
      ids.c,
      '2026-03-12T00:00:00.000Z',
    );
    await withdrawRecordRow(site, kindByCollection('notice_of_awards')!, withdrawn, {
      at: '2026-03-13T00:00:00.000Z',
      reason: 'Wrong project',
    });
    await attach(
      site,
      'two_failed_bidding',
      { pr_number: 'PR-TF', project_title: 'x', link: 'https://example.org/tf.pdf' },
      ids.c,
      '2026-03-15T00:00:00.000Z',
    );
    await sql`INSERT INTO project_bids (project_id, bidder, bidder_folded, amount, outcome, reason, created, actor)
      VALUES (${ids.c}, 'Late Bidder', 'late bidder', 5000, 'failed-eligibility', 'No permit', '2026-03-16T00:00:00.000Z', 'bac'),
             (${ids.c}, 'Good Bidder', 'good bidder', 6000, 'responsive', '', '2026-03-16T00:00:00.000Z', 'bac')`.execute(
      site.db,
    );
  });

  it('reads the published awards naming a supplier, oldest first, with their projects', async () => {
    const rows = await projectAwardNotices(engine.site());
    expect(rows.map((row) => [row.collection, row.supplier, row.process_key, row.created])).toEqual(
      [
        ['notice_of_awards', 'Dagat Marine', 'fact-a', '2026-03-02T00:00:00.000Z'],
        ['notice_to_proceed', 'Dagat Marine', 'fact-a', '2026-03-20T00:00:00.000Z'],
      ],
    );
    expect(rows[0]).toMatchObject({
      contract_amount: 100000,
      philgeps_reference: 'pg-77',
      project_mode: null,
    });
  });

  it('reads failed bids, two-failed-biddings notices, links and when each project began', async () => {
    const site = engine.site();
    expect(await failedBidRows(site)).toEqual([
      {
        process_key: 'fact-c',
        bidder: 'Late Bidder',
        bidder_folded: 'late bidder',
        amount: 5000,
        outcome: 'failed-eligibility',
      },
    ]);
    expect(
      (await failedBiddingNotices(site)).map((row) => [
        row.process_key,
        row.collection,
        row.created,
      ]),
    ).toEqual([['fact-c', 'two_failed_bidding', '2026-03-15T00:00:00.000Z']]);
    const links = (await projectLinks(site)).map((row) => `${row.process_key} ${row.link}`).sort();
    expect(links).toEqual([
      'fact-a app:APP-1',
      'fact-a ref:PG-77',
      'fact-b app:APP-1',
      'fact-b ref:PG-88',
    ]);
    expect(await projectsBegan(site)).toEqual([
      { process_key: 'fact-a', title: 'Project fact-a', began: '2026-03-02T00:00:00.000Z' },
      { process_key: 'fact-b', title: 'Project fact-b', began: '2026-03-01T00:00:00.000Z' },
      { process_key: 'fact-c', title: 'Project fact-c', began: '2026-03-05T00:00:00.000Z' },
    ]);
  });
});

describeOnBothEngines('the Manila year a project began', (engine) => {
  it('turns at Manila midnight (16:00 UTC), the same on both engines', async () => {
    const site = engine.site();
    // The year is taken in TypeScript from the UTC time the query gives back, never by SQL
    // date arithmetic that could differ between the engines.
    await addProject(site, 'year-before', '2025-12-31T15:59:59.999Z');
    const after = await addProject(site, 'year-after', '2026-01-05T00:00:00.000Z');
    // Its first notice came at Manila midnight, before the project was made of it.
    await attach(
      site,
      'public_bidding',
      { bid_number: 'ITB-Y', project_title: 'x', link: 'https://example.org/y.pdf' },
      after,
      '2025-12-31T16:00:00.000Z',
    );
    const began = new Map((await projectsBegan(site)).map((row) => [row.process_key, row.began]));
    expect(began.get('year-after')).toBe('2025-12-31T16:00:00.000Z');
    expect(manilaYear(began.get('year-before')!)).toBe(2025);
    expect(manilaYear(began.get('year-after')!)).toBe(2026);
  });
});
