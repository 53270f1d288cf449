import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { listAudit } from '../../db/audit-log.ts';
import {
  countDemoRecords,
  hasDemoRecords,
  loadDemoRecordsIfEmpty,
  removeDemoRecords,
} from '../../db/records/demo-loader.ts';
import { DEMO_RECORDS_PER_KIND } from '../../db/records/demo-records.ts';
import { amendRecord, withdrawRecord } from '../../db/records/record-amendments.ts';
import { findRecordDetail } from '../../db/records/record-detail-queries.ts';
import { spendFormKey, spentFormKey } from '../../db/records/record-form-keys.ts';
import {
  countAllRecords,
  findRecord,
  insertRecord,
  insertRecords,
} from '../../db/records/record-queries.ts';
import { writeTransaction, type SiteDatabase } from '../../db/site-database.ts';
import { kindByCollection, recordKinds } from '../../shared/record-kinds.ts';
import { describeOnBothEngines } from '../helpers/both-engines.ts';

const svp = kindByCollection('svp')!;
const DEMO_TOTAL = recordKinds.length * DEMO_RECORDS_PER_KIND;

function svpValues(prNumber: string, title: string, abc = '1234567.89') {
  return {
    pr_number: prNumber,
    project_title: title,
    abc,
    closing_date: '2026-03-15T02:00:00.000Z',
    link: 'https://example.gov.ph/notice.pdf',
  } as const;
}

/**
 * The record writes of issue 36 on both engines: inserting records (alone and in a
 * transaction that fails), the data-entry form's one-time keys, and the demo records'
 * load (once, even from two processes at once) and removal with its audit entry.
 */
describeOnBothEngines('record writes', (engine, engineName) => {
  let site: SiteDatabase;
  beforeAll(() => {
    site = engine.site();
  });

  it('loads the demo records into an empty database once, even from two processes at once', async () => {
    // Two SQLite connections in one process cannot wait on each other's lock (the busy
    // wait blocks the one event loop both need): there they run one after the other.
    const [first, second] =
      engineName === 'postgres'
        ? await Promise.all([
            loadDemoRecordsIfEmpty(site),
            loadDemoRecordsIfEmpty(engine.another()),
          ])
        : [await loadDemoRecordsIfEmpty(site), await loadDemoRecordsIfEmpty(engine.another())];
    expect([first, second].sort((a, b) => a - b)).toEqual([0, DEMO_TOTAL]);
    expect(await countAllRecords(site)).toBe(DEMO_TOTAL);
    expect(await countDemoRecords(site)).toBe(DEMO_TOTAL);
    expect(await hasDemoRecords(site)).toBe(true);
    expect(await loadDemoRecordsIfEmpty(site)).toBe(0);
  });

  it('removes the demo records with one audit entry, and says nothing was left the second time', async () => {
    const removal = await removeDemoRecords(site, 'it@san-isidro.gov.ph');
    expect(Object.values(removal.records)).toEqual(recordKinds.map(() => DEMO_RECORDS_PER_KIND));
    expect(await countAllRecords(site)).toBe(0);
    expect(await hasDemoRecords(site)).toBe(false);
    const again = await removeDemoRecords(site, 'it@san-isidro.gov.ph');
    expect(Object.values(again.records)).toEqual(recordKinds.map(() => 0));
    const entries = await listAudit(site, { limit: 10, action: 'demo-removed' });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actor).toBe('it@san-isidro.gov.ph');
  });

  it('stores records as given, amounts as centavos read back as decimals', async () => {
    const [first, second] = await insertRecords(site, svp, [
      {
        values: svpValues('PR-W-1', 'Drainage canal', '1500000.05'),
        created: new Date('2026-03-01T02:00:00.000Z'),
      },
      { values: { ...svpValues('PR-W-2', 'Street lights'), closing_date: undefined } },
    ]);
    expect(first).toMatchObject({
      pr_number: 'PR-W-1',
      project_title: 'Drainage canal',
      abc: '1500000.05',
      created: '2026-03-01T02:00:00.000Z',
    });
    expect(second!.closing_date).toBeNull();
    expect(await findRecord(site, svp, first!.id)).toEqual(first);
    const row = await site.db
      .selectFrom('svp')
      .select('abc')
      .where('id', '=', first!.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.abc)).toBe(150_000_005);
  });

  it('keeps nothing of a transaction that fails after inserting', async () => {
    const before = await countAllRecords(site);
    await expect(
      writeTransaction(site, async (transaction) => {
        await insertRecord(transaction, svp, svpValues('PR-W-LOST', 'Never stored'));
        throw new Error('the audit insert failed');
      }),
    ).rejects.toThrow('the audit insert failed');
    expect(await countAllRecords(site)).toBe(before);
  });

  it('spends a form key once, on the record it stored, and drops keys no session can send', async () => {
    const account = await site.db
      .insertInto('staff_users')
      .values({ email: 'bac@san-isidro.gov.ph', display_name: 'BAC', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const record = await insertRecord(site, svp, svpValues('PR-W-KEY', 'Keyed'));
    const hour = 3_600_000;
    const now = Date.parse('2026-03-01T10:00:00.000Z');
    await spendFormKey(
      site,
      { formKey: 'old-key', accountId: account.id, collection: 'svp', recordId: record.id },
      { now: now - 13 * hour, keepMs: 12 * hour },
    );
    expect(await spentFormKey(site, 'new-key')).toBeUndefined();
    await spendFormKey(
      site,
      { formKey: 'new-key', accountId: account.id, collection: 'svp', recordId: record.id },
      { now, keepMs: 12 * hour },
    );
    expect(await spentFormKey(site, 'new-key')).toEqual({ collection: 'svp', recordId: record.id });
    expect(await spentFormKey(engine.another(), 'new-key')).toEqual({
      collection: 'svp',
      recordId: record.id,
    });
    expect(await spentFormKey(site, 'old-key')).toBeUndefined();
    await expect(
      spendFormKey(
        site,
        { formKey: 'new-key', accountId: account.id, collection: 'svp', recordId: record.id },
        { now, keepMs: 12 * hour },
      ),
    ).rejects.toThrow();
  });

  it('amends a record once per version, with its history, alert and audit entry in the same transaction', async () => {
    await sql`UPDATE alert_sender_state SET enabled = 1`.execute(site.db);
    await sql`INSERT INTO alert_subscriptions (email, lists, frequency, nonce, created, confirmed_at)
      VALUES ('bidder@example.com', '["svp"]', 'immediate', 'n', '2026-03-01T00:00:00.000Z',
        '2026-03-01T00:00:00.000Z')`.execute(site.db);
    const record = await insertRecord(site, svp, svpValues('PR-W-AMEND', 'Bridge'));
    const author = { actor: 'bac@san-isidro.gov.ph', address: '192.0.2.7' };
    const amendment = {
      ...author,
      fields: { project_title: 'Bridge, phase 1', abc: '2000000.00' },
      reason: 'Title as approved',
      version: 1,
      at: new Date('2026-03-02T01:00:00.000Z'),
    };
    // Two staff members amend the same version at once (two processes on PostgreSQL): one
    // change is stored, the other is told the record changed meanwhile.
    const outcomes =
      engineName === 'postgres'
        ? await Promise.all([
            amendRecord(site, svp, record.id, amendment),
            amendRecord(engine.another(), svp, record.id, { ...amendment, reason: 'Other' }),
          ])
        : [
            await amendRecord(site, svp, record.id, amendment),
            await amendRecord(site, svp, record.id, { ...amendment, reason: 'Other' }),
          ];
    expect(outcomes.map((outcome) => (outcome.ok ? 'ok' : outcome.code)).sort()).toEqual([
      'CHANGED_MEANWHILE',
      'ok',
    ]);
    const detail = (await findRecordDetail(site, svp, record.id))!;
    expect(detail).toMatchObject({
      version: 2,
      project_title: 'Bridge, phase 1',
      abc: '2000000.00',
    });
    expect(detail.history).toHaveLength(1);
    expect(detail.history[0]!.changes).toEqual([
      { field: 'project_title', before: 'Bridge', after: 'Bridge, phase 1' },
      { field: 'abc', before: '1234567.89', after: '2000000.00' },
    ]);
    const alerts = await sql<{ event: string; version: number }>`SELECT event, version
      FROM alert_outbox WHERE record_id = ${record.id} AND collection = 'svp' ORDER BY id`.execute(
      site.db,
    );
    expect(alerts.rows).toEqual([{ event: 'amended', version: 2 }]);
    const audit = await listAudit(site, { limit: 5, action: 'record-amended' });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ collection: 'svp', id: record.id, version: 2 });

    const unchanged = await amendRecord(site, svp, record.id, { ...amendment, version: 2 });
    expect(unchanged).toMatchObject({ ok: false, code: 'NOTHING_TO_CHANGE' });
  });

  it('withdraws a record once, keeping its page, history and audit entry', async () => {
    const record = await insertRecord(site, svp, svpValues('PR-W-GONE', 'Posted twice'));
    const author = { actor: 'bac@san-isidro.gov.ph', address: null, reason: 'Posted twice' };
    const withdrawn = await withdrawRecord(site, svp, record.id, {
      ...author,
      at: new Date('2026-03-03T01:00:00.000Z'),
    });
    expect(withdrawn.ok && withdrawn.record).toMatchObject({
      status: 'withdrawn',
      version: 2,
      withdrawn: { at: '2026-03-03T01:00:00.000Z', reason: 'Posted twice' },
    });
    expect(await withdrawRecord(site, svp, record.id, author)).toMatchObject({
      ok: false,
      code: 'ALREADY_WITHDRAWN',
    });
    expect(await withdrawRecord(site, svp, 999_999, author)).toMatchObject({
      ok: false,
      code: 'NO_SUCH_RECORD',
    });
    expect(await listAudit(site, { limit: 5, action: 'record-withdrawn' })).toHaveLength(1);
  });
});
