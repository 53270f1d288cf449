import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertAuditRow } from '../helpers/audit-rows.ts';
import { databasePath, openDatabase, type AppDatabase } from '../../db/connection.ts';
import { insertRecordNow } from '../../db/records/record-queries.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { freePort, HttpVisitor, startServer } from '../helpers/server-process.ts';
import { addStaffAccount, type ApiVisitor, signedInStaff } from '../helpers/staff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { OPERATOR, startSvpImport, svpCsv, useWorkspace } from './cli-harness.ts';
import { useScratchDatabase } from '../helpers/scratch-database.ts';

interface AuditCheck {
  records: number;
  /** Records with exactly one `record-added` entry naming their collection and id. */
  auditedOnce: number;
  /** Entries naming a record of the collection that is not stored. */
  orphans: number;
}

/** How the records of a collection and their audit entries line up, by SQL on the file itself. */
function auditCheck(database: AppDatabase, collection: string): AuditCheck {
  return database.sqlite
    .prepare(
      `WITH entries AS (
         SELECT json_extract(detail, '$.id') AS id, count(*) AS n FROM audit_log
         WHERE action = 'record-added' AND json_extract(detail, '$.collection') = :collection
         GROUP BY 1
       )
       SELECT
         (SELECT count(*) FROM ${collection}) AS records,
         (SELECT count(*) FROM ${collection} r JOIN entries e ON e.id = r.id AND e.n = 1) AS auditedOnce,
         (SELECT count(*) FROM entries WHERE id NOT IN (SELECT id FROM ${collection})) AS orphans`,
    )
    .get({ collection }) as AuditCheck;
}

const NOTHING: AuditCheck = { records: 0, auditedOnce: 0, orphans: 0 };

/**
 * Every record stored since `before` has exactly one entry, and no entry names a record
 * that is not stored: what an all-or-nothing commit of record and entry leaves, at any kill.
 */
function expectEachAuditedOnce(before: AuditCheck, after: AuditCheck) {
  const added = after.records - before.records;
  expect({
    added,
    audited: after.auditedOnce - before.auditedOnce,
    orphans: after.orphans,
  }).toEqual({ added, audited: added, orphans: 0 });
}

describe('the audit check', () => {
  let database: AppDatabase;
  const reports = kindByCollection('reports')!;
  const values = {
    title: 'Plan',
    report_description: 'Mid-year',
    link: 'https://example.org/p.pdf',
  };
  useScratchDatabase('municipal-audit-check-', (opened) => (database = opened));

  const audit = (id: number) =>
    insertAuditRow(database, {
      action: 'record-added',
      actor: 'writer@san-isidro.gov.ph',
      address: null,
      detail: { collection: 'reports', id, fields: values },
    });

  // The web write below, but as two commits: what a kill between them would leave.
  it('catches a record committed apart from its audit entry, whichever commits first', () => {
    const start = auditCheck(database, 'reports');
    const together = database.sqlite.transaction(() =>
      audit(insertRecordNow(database, reports, values).id),
    );
    together.immediate();
    expectEachAuditedOnce(start, auditCheck(database, 'reports'));

    const recordFirst = auditCheck(database, 'reports');
    insertRecordNow(database, reports, values);
    // …killed here, before the entry's own commit.
    expect(() => expectEachAuditedOnce(recordFirst, auditCheck(database, 'reports'))).toThrow();

    const entryFirst = auditCheck(database, 'reports');
    const { next } = database.sqlite.prepare('SELECT max(id) + 1 AS next FROM reports').get() as {
      next: number;
    };
    audit(next);
    // …killed here, before the record's own commit.
    expect(() => expectEachAuditedOnce(entryFirst, auditCheck(database, 'reports'))).toThrow();

    const twice = auditCheck(database, 'reports');
    const id = insertRecordNow(database, reports, values).id;
    audit(id);
    audit(id);
    expect(() => expectEachAuditedOnce(twice, auditCheck(database, 'reports'))).toThrow();
  });
});

describe('a record written through the web and its audit entry', () => {
  const PASSWORD = 'bamboo bridge at noon';
  const EMAIL = 'atomic@san-isidro.gov.ph';
  const report = {
    title: 'Supplemental Procurement Plan',
    report_description: 'Mid-year changes',
    link: 'https://example.org/spp.pdf',
  };
  let testApp: TestApp;
  let visitor: ApiVisitor;
  let database: AppDatabase;

  beforeAll(async () => {
    testApp = await createTestApp({ TRUST_PROXY: '1' });
    ({ visitor } = await signedInStaff(testApp, EMAIL, PASSWORD));
    database = openDatabase(databasePath(testApp.config.dataDir));
  });
  afterAll(async () => {
    await database.close();
    await testApp.close();
  });

  function counted(): number {
    return (
      database.sqlite
        .prepare("SELECT total FROM record_counts WHERE collection = 'reports'")
        .get() as { total: number }
    ).total;
  }

  async function postReport() {
    return visitor.request({
      method: 'POST',
      url: '/api/records/reports',
      headers: { 'x-csrf-token': await visitor.csrfToken() },
      payload: report,
    });
  }

  it('commit together: one entry naming the new record', async () => {
    const before = auditCheck(database, 'reports');
    const response = await postReport();
    expect(response.statusCode).toBe(201);
    const { id } = response.json() as { id: number };
    const entries = database.sqlite
      .prepare("SELECT actor, detail FROM audit_log WHERE action = 'record-added'")
      .all() as { actor: string; detail: string }[];
    // The procurement project the report started (issue 34) is named beside it.
    const project = database.sqlite
      .prepare(
        "SELECT project_id FROM procurement_project_notices WHERE collection = 'reports' AND record_id = ?",
      )
      .pluck()
      .get(id);
    expect(entries.filter((entry) => JSON.parse(entry.detail).id === id)).toEqual([
      {
        actor: EMAIL,
        detail: JSON.stringify({ collection: 'reports', id, fields: report, project, role: 'bac' }),
      },
    ]);
    expect(auditCheck(database, 'reports')).toEqual({
      records: before.records + 1,
      auditedOnce: before.auditedOnce + 1,
      orphans: 0,
    });
  });

  it('fail together: when the audit insert fails, no record and no count change remain', async () => {
    const records = auditCheck(database, 'reports').records;
    const total = counted();
    database.sqlite.exec(
      `CREATE TRIGGER refuse_record_audit BEFORE INSERT ON audit_log
       WHEN NEW.action = 'record-added' BEGIN SELECT RAISE(ABORT, 'audit refused'); END`,
    );
    try {
      const response = await postReport();
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
      expect(response.body).not.toContain('audit refused');
    } finally {
      database.sqlite.exec('DROP TRIGGER refuse_record_audit');
    }
    expect(auditCheck(database, 'reports').records).toBe(records);
    expect(counted()).toBe(total);
    expect((await visitor.request({ url: '/api/records/reports' })).json().total).toBe(total);
  });
});

const ROWS = 60_000;
const BATCH = 2_000;

describe('records stored by the CLI import and their audit entries', { timeout: 180_000 }, () => {
  const space = useWorkspace({ operator: true });

  it('a completed import gives each stored record one entry; a repeat import adds none', async () => {
    const file = await space.file('svp.csv', svpCsv(3_000));
    const args = ['import', 'svp', file, '--as', OPERATOR, '--batch-size', '700', '--quiet'];
    expect((await space.run(args)).code).toBe(0);
    expect((await space.run(args)).code).toBe(0);
    const database = space.database();
    try {
      expect(auditCheck(database, 'svp')).toEqual({
        records: 3_000,
        auditedOnce: 3_000,
        orphans: 0,
      });
      const first = database.sqlite
        .prepare(
          "SELECT actor, address, detail FROM audit_log WHERE action = 'record-added' ORDER BY id LIMIT 1",
        )
        .get();
      const firstId = (
        database.sqlite.prepare('SELECT min(id) AS id FROM svp').get() as { id: number }
      ).id;
      expect(first).toEqual({
        actor: OPERATOR,
        address: null,
        detail: JSON.stringify({ collection: 'svp', id: firstId, source: 'import' }),
      });
      const summaries = database.sqlite
        .prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'import'")
        .get() as { n: number };
      expect(summaries.n).toBe(2);
    } finally {
      await database.close();
    }
  });

  it('killed with SIGKILL mid-load, leaves every stored record with exactly one entry', async () => {
    const file = await space.file('svp.csv', svpCsv(ROWS));
    const { child, done } = startSvpImport(space, file, BATCH, '--quiet');
    const reader = space.database();
    try {
      while (auditCheck(reader, 'svp').records === 0) await sleep(5);
      child.kill('SIGKILL');
      expect((await done).signal).toBe('SIGKILL');
      const check = auditCheck(reader, 'svp');
      expect(check.records).toBeGreaterThan(0);
      expect(check.records).toBeLessThan(ROWS);
      expect(check.records % BATCH).toBe(0);
      expectEachAuditedOnce(NOTHING, check);
    } finally {
      await reader.close();
    }
  });
});

describe('web writes to a server killed with SIGKILL', { timeout: 180_000 }, () => {
  const EMAIL = 'killed@san-isidro.gov.ph';
  const PASSWORD = 'monsoon over the ricefields';
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'municipal-kill-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('leaves every stored record with exactly one entry, and every acknowledged record stored', async () => {
    await addStaffAccount(dataDir, EMAIL, PASSWORD);
    const port = await freePort();
    const server = startServer(dataDir, { port });
    const visitor = new HttpVisitor(`http://127.0.0.1:${port}`);
    const reader = openDatabase(databasePath(dataDir));
    try {
      await server.listening;
      // After start-up, which loads the demo records (posted without entries of their own).
      const before = auditCheck(reader, 'reports');
      const token = await visitor.signIn(EMAIL, PASSWORD);
      const acknowledged: number[] = [];
      const refused: number[] = [];
      let sent = 0;
      // Writers keep several requests in flight, so the kill lands while writes are under
      // way; each stops at the first request the kill cuts off.
      const writer = async () => {
        for (;;) {
          const n = ++sent;
          const response = await visitor.call('POST', '/api/records/reports', token, {
            title: `Report ${n}`,
            report_description: 'Written while the server is killed',
            link: `https://example.org/report-${n}.pdf`,
          });
          if (response.status !== 201) refused.push(response.status);
          else acknowledged.push(((await response.json()) as { id: number }).id);
        }
      };
      const writers = Array.from({ length: 4 }, () => writer().catch(() => {}));
      await expect
        .poll(() => acknowledged.length + refused.length, { timeout: 60_000 })
        .toBeGreaterThan(40);
      server.child.kill('SIGKILL');
      expect((await server.exited).signal).toBe('SIGKILL');
      await Promise.all(writers);
      expect(refused).toEqual([]);

      const after = auditCheck(reader, 'reports');
      expect(after.records - before.records).toBeGreaterThanOrEqual(acknowledged.length);
      expect(after.records - before.records).toBeLessThanOrEqual(sent);
      expectEachAuditedOnce(before, after);
      const stored = new Set(
        (reader.sqlite.prepare('SELECT id FROM reports').all() as { id: number }[]).map(
          (row) => row.id,
        ),
      );
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      await reader.close();
    }
  });
});
