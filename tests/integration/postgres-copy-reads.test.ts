import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databasePath, type AppDatabase } from '../../db/connection.ts';
import { openMigratedDatabase } from '../../db/database-startup.ts';
import { attachNewNotice } from '../../db/procurement-projects/attach-notice.ts';
import {
  noticesOfProject,
  projectOfNotice,
} from '../../db/procurement-projects/project-notices.ts';
import { copyToPostgres } from '../../db/postgres/copy-to-postgres.ts';
import { openPostgres, type PostgresDatabase } from '../../db/postgres/postgres-connection.ts';
import { loadDemoRecordsIfEmpty } from '../../db/records/demo-loader.ts';
import { amendRecord, withdrawRecord } from '../../db/records/record-amendments.ts';
import { findRecordDetail, recentRecords } from '../../db/records/record-detail-queries.ts';
import { countAllRecords, insertRecord, listRecords } from '../../db/records/record-queries.ts';
import { migratePostgres } from '../../db/run-migrations.ts';
import { writeTransaction, type PostgresSite } from '../../db/site-database.ts';
import { kindByCollection, recordKinds } from '../../shared/record-kinds.ts';
import { createPostgresDatabase, describeOnPostgres } from '../helpers/postgres-database.ts';

/**
 * After `db copy` of a municipality's SQLite database (the demo records, a notice attached
 * to a project, an amendment and a withdrawal), every read the public pages make answers
 * the same on PostgreSQL as on the SQLite original (issue 36): each list page of each kind,
 * searched and not, every record with its history, document and project, the staff's
 * recent records and the projects' notices.
 */
describeOnPostgres('reads after copying a SQLite database to PostgreSQL', () => {
  let dir: string;
  let source: AppDatabase;
  let target: PostgresDatabase;
  let copy: PostgresSite;
  /** The notice attached to a project, amended. */
  let attached: number;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pg-copy-reads-'));
    source = await openMigratedDatabase(databasePath(dir));
    expect(await loadDemoRecordsIfEmpty(source)).toBeGreaterThan(0);
    const bidding = kindByCollection('public_bidding')!;
    const values = {
      bid_number: 'ITB-COPY-1',
      project_title: 'Multi-purpose hall, Barangay Uno',
      philgeps_reference: 'PG-COPY-1',
      abc: '1500000.00',
      link: 'https://example.gov.ph/itb-copy-1.pdf',
    };
    const posted = new Date('2026-02-01T02:00:00.000Z');
    const id = (attached = await writeTransaction(source, async (transaction) => {
      const record = await insertRecord(transaction, bidding, values, posted);
      await attachNewNotice(transaction, { kind: bidding, id: record.id, values }, 'new', posted);
      return record.id;
    }));
    const author = { actor: 'bac@san-isidro.gov.ph', address: null };
    await amendRecord(source, bidding, id, {
      ...author,
      fields: { abc: '1750000.00' },
      reason: 'ABC as approved',
      version: 1,
      at: new Date('2026-02-02T02:00:00.000Z'),
    });
    const svp = kindByCollection('svp')!;
    const first = (await listRecords(source, svp, { q: '', page: 1 })).items[0]!;
    await withdrawRecord(source, svp, first.id, {
      ...author,
      reason: 'Posted twice',
      at: new Date('2026-02-03T02:00:00.000Z'),
    });
    target = openPostgres(await createPostgresDatabase('copy_reads'));
    const report = await copyToPostgres(source, target, { migrate: migratePostgres });
    expect(report.mismatched).toEqual([]);
    copy = { engine: 'postgres', db: target.db };
  });
  afterAll(async () => {
    await target?.close();
    await source?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('counts the same records', async () => {
    expect(await countAllRecords(copy)).toBe(await countAllRecords(source));
  });

  it('answers every list page of every kind alike, searched or not', async () => {
    for (const kind of recordKinds) {
      for (const q of ['', 'a', 'road', 'barangay']) {
        for (let page = 1; ; page++) {
          const query = { q, page };
          const expected = await listRecords(source, kind, query);
          expect(await listRecords(copy, kind, query), `${kind.collection} "${q}" ${page}`).toEqual(
            expected,
          );
          if (page * expected.pageSize >= expected.total) break;
        }
      }
    }
  });

  it('answers every record, with its history, document and project, alike', async () => {
    let compared = 0;
    for (const kind of recordKinds) {
      const ids = await source.db
        .selectFrom(kind.collection as 'svp')
        .select('id')
        .orderBy('id')
        .execute();
      for (const { id } of ids) {
        const expected = await findRecordDetail(source, kind, id);
        expect(await findRecordDetail(copy, kind, id)).toEqual(expected);
        expect(await projectOfNotice(copy, kind.collection, id)).toEqual(
          await projectOfNotice(source, kind.collection, id),
        );
        compared += 1;
      }
    }
    expect(compared).toBe((await countAllRecords(source)) + 1);
  });

  it("answers the staff's recent records and a project's notices alike", async () => {
    expect(await recentRecords(copy, 40)).toEqual(await recentRecords(source, 40));
    const project = (await projectOfNotice(source, 'public_bidding', attached))!;
    expect(project.process_key).toBe('PG-COPY-1');
    expect(await noticesOfProject(copy, project.id)).toEqual([
      { collection: 'public_bidding', record_id: attached },
    ]);
  });
});
