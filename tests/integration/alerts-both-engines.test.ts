import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  closeAlertBatchOn,
  queueAlert,
  queueImportedAlertsIn,
} from '../../db/alerts/alert-outbox.ts';
import { writeTransaction, type SiteDatabase } from '../../db/site-database.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { describeOnBothEngines } from '../helpers/both-engines.ts';
import { insertRecordRow } from '../helpers/record-rows.ts';

const svp = kindByCollection('svp')!;
const NOW = '2026-11-28T00:00:00.000Z';
const AT = new Date(NOW);

async function outboxRows({ db }: SiteDatabase) {
  const { rows } = await sql<{
    collection: string;
    record_id: number;
    version: number;
    event: string;
    batch: string | null;
    created: string;
  }>`SELECT collection, record_id, version, event, batch, created FROM alert_outbox ORDER BY id`.execute(
    db,
  );
  return rows;
}

/** A confirmed subscriber, and the sender enabled: someone to tell. */
async function someoneToTell({ db }: SiteDatabase, enabled: boolean, confirmed: boolean) {
  await sql`UPDATE alert_sender_state SET enabled = ${enabled ? 1 : 0} WHERE id = 1`.execute(db);
  await sql`INSERT INTO alert_subscriptions (email, lists, keyword, frequency, lang, nonce, created, confirmed_at)
    VALUES ('bidder@example.com', '["svp"]', NULL, 'immediate', 'en', 'nonce', ${NOW},
      ${confirmed ? NOW : null})`.execute(db);
}

describeOnBothEngines('bid alerts', (engine) => {
  beforeEach(async () => {
    const { db } = engine.site();
    await sql`DELETE FROM alert_messages`.execute(db);
    await sql`DELETE FROM alert_outbox`.execute(db);
    await sql`DELETE FROM alert_batches`.execute(db);
    await sql`DELETE FROM alert_subscriptions`.execute(db);
    await sql`DELETE FROM alert_subscribe_attempts`.execute(db);
  });

  describe('the outbox', () => {
    const event = (recordId: number, version = 1) =>
      ({ kind: svp, recordId, version, event: 'posted', at: AT }) as const;

    it('queues nothing without an enabled sender and a confirmed subscriber', async () => {
      const site = engine.site();
      await someoneToTell(site, false, true);
      await queueAlert(site, event(1));
      await sql`UPDATE alert_sender_state SET enabled = 1 WHERE id = 1`.execute(site.db);
      await sql`UPDATE alert_subscriptions SET confirmed_at = NULL`.execute(site.db);
      await queueAlert(site, event(2));
      expect(await outboxRows(site)).toEqual([]);
    });

    it('queues a record event with the write, or not at all when the write fails', async () => {
      const site = engine.site();
      await someoneToTell(site, true, true);
      await writeTransaction(site, (transaction) =>
        queueAlert(transaction, { ...event(7, 3), event: 'amended' }),
      );
      await expect(
        writeTransaction(site, async (transaction) => {
          await queueAlert(transaction, event(8));
          throw new Error('the record write failed');
        }),
      ).rejects.toThrow('the record write failed');
      expect(await outboxRows(site)).toEqual([
        {
          collection: 'svp',
          record_id: 7,
          version: 3,
          event: 'amended',
          batch: null,
          created: NOW,
        },
      ]);
    });

    it('queues an import’s records as one batch, which closes once', async () => {
      const site = engine.site();
      await someoneToTell(site, true, true);
      const ids: number[] = [];
      for (const n of [1, 2, 3]) {
        ids.push(
          await insertRecordRow(
            site,
            svp,
            {
              pr_number: `PR-${n}`,
              project_title: `Project ${n}`,
              link: `https://example.org/${n}.pdf`,
            },
            NOW,
          ),
        );
      }
      await writeTransaction(site, (transaction) =>
        queueImportedAlertsIn(transaction, { kind: svp, after: ids[0]!, batch: 'import-1' }),
      );
      // Nothing after the newest record: no events, and no batch row.
      await queueImportedAlertsIn(site, { kind: svp, after: ids[2]!, batch: 'import-2' });
      const rows = await outboxRows(site);
      expect(rows.map((row) => [row.record_id, row.version, row.event, row.batch])).toEqual([
        [ids[1], 1, 'posted', 'import-1'],
        [ids[2], 1, 'posted', 'import-1'],
      ]);
      const batches = async () =>
        (
          await sql<{ id: string; closed: string | null }>`
            SELECT id, closed FROM alert_batches ORDER BY id`.execute(site.db)
        ).rows;
      expect((await batches()).map((batch) => [batch.id, batch.closed])).toEqual([
        ['import-1', null],
      ]);
      await closeAlertBatchOn(site, 'import-1');
      const [closed] = await batches();
      expect(closed!.closed).not.toBeNull();
      await closeAlertBatchOn(engine.another(), 'import-1');
      expect((await batches())[0]!.closed).toBe(closed!.closed);
    });
  });
});
