import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeAudit } from '../../db/audit-log.ts';
import { databasePath, openDatabase } from '../../db/connection.ts';
import { openPostgres } from '../../db/postgres/postgres-connection.ts';
import { writeTransaction, type SiteDatabase } from '../../db/site-database.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { describeOnBothEngines } from '../helpers/both-engines.ts';
import { createPostgresDatabase, dropPostgresDatabase } from '../helpers/postgres-database.ts';
import { insertRecordRow } from '../helpers/record-rows.ts';
import { freePort, HttpVisitor, startServer } from '../helpers/server-process.ts';
import { addStaffAccount, type ApiVisitor, signedInStaff } from '../helpers/staff.ts';
import { rowsOf, valueOf } from '../helpers/sql-values.ts';
import { testEngine, useTestApp } from '../helpers/test-app.ts';
import { OPERATOR, startSvpImport, svpCsv, useWorkspace } from './cli-harness.ts';

interface AuditCheck {
  records: number;
  /** Records with exactly one `record-added` entry naming their collection and id. */
  auditedOnce: number;
  /** Entries naming a record of the collection that is not stored. */
  orphans: number;
}

/** A field of the audit entry's JSON detail as SQL reads it on the engine (as an integer for `id`). */
function detailField({ engine }: SiteDatabase, field: 'id' | 'collection') {
  if (engine === 'postgres') {
    return field === 'id'
      ? sql`(detail::jsonb ->> 'id')::integer`
      : sql`(detail::jsonb ->> 'collection')`;
  }
  return sql`json_extract(detail, ${`$.${field}`})`;
}

/** How the records of a collection and their audit entries line up, by SQL on the database itself. */
async function auditCheck(database: SiteDatabase, collection: string): Promise<AuditCheck> {
  const table = sql.table(collection);
  const [row] = await rowsOf<Record<keyof AuditCheck, number | string>>(
    database,
    sql`WITH entries AS (
         SELECT ${detailField(database, 'id')} AS id, count(*) AS n FROM audit_log
         WHERE action = 'record-added' AND ${detailField(database, 'collection')} = ${collection}
         GROUP BY 1
       )
       SELECT
         (SELECT count(*) FROM ${table}) AS records,
         (SELECT count(*) FROM ${table} r JOIN entries e ON e.id = r.id AND e.n = 1) AS "auditedOnce",
         (SELECT count(*) FROM entries WHERE id NOT IN (SELECT id FROM ${table})) AS orphans`,
  );
  return {
    records: Number(row!.records),
    auditedOnce: Number(row!.auditedOnce),
    orphans: Number(row!.orphans),
  };
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

// Declared on both engines in the SQLite pass; the PostgreSQL pass would only repeat it.
if (testEngine === 'sqlite') {
  describeOnBothEngines('the audit check', (engine) => {
    const reports = kindByCollection('reports')!;
    const values = {
      title: 'Plan',
      report_description: 'Mid-year',
      link: 'https://example.org/p.pdf',
    };
    const created = '2026-01-05T01:00:00.000Z';

    const audit = (database: SiteDatabase, id: number) =>
      writeAudit(database, {
        action: 'record-added',
        actor: 'writer@san-isidro.gov.ph',
        address: null,
        detail: { collection: 'reports', id, fields: values },
      });

    // The web write below, but as two commits: what a kill between them would leave.
    it('catches a record committed apart from its audit entry, whichever commits first', async () => {
      const database = engine.site();
      const start = await auditCheck(database, 'reports');
      await writeTransaction(database, async (tx) =>
        audit(tx, await insertRecordRow(tx, reports, values, created)),
      );
      expectEachAuditedOnce(start, await auditCheck(database, 'reports'));

      const recordFirst = await auditCheck(database, 'reports');
      await insertRecordRow(database, reports, values, created);
      // …killed here, before the entry's own commit.
      const recordAlone = await auditCheck(database, 'reports');
      expect(() => expectEachAuditedOnce(recordFirst, recordAlone)).toThrow();

      const entryFirst = await auditCheck(database, 'reports');
      const next = Number(await valueOf(database, sql`SELECT max(id) + 1 FROM reports`));
      await audit(database, next);
      // …killed here, before the record's own commit.
      const entryAlone = await auditCheck(database, 'reports');
      expect(() => expectEachAuditedOnce(entryFirst, entryAlone)).toThrow();

      const twice = await auditCheck(database, 'reports');
      const id = await insertRecordRow(database, reports, values, created);
      await audit(database, id);
      await audit(database, id);
      const auditedTwice = await auditCheck(database, 'reports');
      expect(() => expectEachAuditedOnce(twice, auditedTwice)).toThrow();
    });
  });
}

/**
 * Makes the database refuse every `record-added` audit entry until the returned function
 * is called: a trigger in the engine's own language.
 */
async function refuseRecordAudits(database: SiteDatabase): Promise<() => Promise<void>> {
  if (database.engine === 'postgres') {
    await sql`CREATE FUNCTION refuse_record_audit() RETURNS trigger AS $$
      BEGIN
        IF NEW.action = 'record-added' THEN RAISE EXCEPTION 'audit refused'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`.execute(database.db);
    await sql`CREATE TRIGGER refuse_record_audit BEFORE INSERT ON audit_log
      FOR EACH ROW EXECUTE FUNCTION refuse_record_audit()`.execute(database.db);
    return async () => {
      await sql`DROP TRIGGER refuse_record_audit ON audit_log`.execute(database.db);
      await sql`DROP FUNCTION refuse_record_audit()`.execute(database.db);
    };
  }
  await sql`CREATE TRIGGER refuse_record_audit BEFORE INSERT ON audit_log
    WHEN NEW.action = 'record-added' BEGIN SELECT RAISE(ABORT, 'audit refused'); END`.execute(
    database.db,
  );
  return async () => {
    await sql`DROP TRIGGER refuse_record_audit`.execute(database.db);
  };
}

describe('a record written through the web and its audit entry', () => {
  const PASSWORD = 'bamboo bridge at noon';
  const EMAIL = 'atomic@san-isidro.gov.ph';
  const report = {
    title: 'Supplemental Procurement Plan',
    report_description: 'Mid-year changes',
    link: 'https://example.org/spp.pdf',
  };
  const testApp = useTestApp({ TRUST_PROXY: '1' });
  let visitor: ApiVisitor;

  beforeAll(async () => {
    ({ visitor } = await signedInStaff(testApp, EMAIL, PASSWORD));
  });

  async function counted(): Promise<number> {
    return Number(
      await valueOf(
        testApp.site,
        sql`SELECT total FROM record_counts WHERE collection = 'reports'`,
      ),
    );
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
    const before = await auditCheck(testApp.site, 'reports');
    const response = await postReport();
    expect(response.statusCode).toBe(201);
    const { id } = response.json() as { id: number };
    const entries = await rowsOf<{ actor: string; detail: string }>(
      testApp.site,
      sql`SELECT actor, detail FROM audit_log WHERE action = 'record-added'`,
    );
    // The procurement project the report started (issue 34) is named beside it.
    const project = await valueOf(
      testApp.site,
      sql`SELECT project_id FROM procurement_project_notices
        WHERE collection = 'reports' AND record_id = ${id}`,
    );
    expect(entries.filter((entry) => JSON.parse(entry.detail).id === id)).toEqual([
      {
        actor: EMAIL,
        detail: JSON.stringify({ collection: 'reports', id, fields: report, project, role: 'bac' }),
      },
    ]);
    expect(await auditCheck(testApp.site, 'reports')).toEqual({
      records: before.records + 1,
      auditedOnce: before.auditedOnce + 1,
      orphans: 0,
    });
  });

  it('fail together: when the audit insert fails, no record and no count change remain', async () => {
    const records = (await auditCheck(testApp.site, 'reports')).records;
    const total = await counted();
    const allow = await refuseRecordAudits(testApp.site);
    try {
      const response = await postReport();
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
      expect(response.body).not.toContain('audit refused');
    } finally {
      await allow();
    }
    expect((await auditCheck(testApp.site, 'reports')).records).toBe(records);
    expect(await counted()).toBe(total);
    expect((await visitor.request({ url: '/api/records/reports' })).json().total).toBe(total);
  });
});

const ROWS = 60_000;
const BATCH = 2_000;

// The CLI on a workspace of its own, a SQLite file: the PostgreSQL pass would only repeat it.
describe.skipIf(testEngine === 'postgres')(
  'records stored by the CLI import and their audit entries',
  { timeout: 180_000 },
  () => {
    const space = useWorkspace({ operator: true });

    it('a completed import gives each stored record one entry; a repeat import adds none', async () => {
      const file = await space.file('svp.csv', svpCsv(3_000));
      const args = ['import', 'svp', file, '--as', OPERATOR, '--batch-size', '700', '--quiet'];
      expect((await space.run(args)).code).toBe(0);
      expect((await space.run(args)).code).toBe(0);
      const database = space.database();
      try {
        expect(await auditCheck(database, 'svp')).toEqual({
          records: 3_000,
          auditedOnce: 3_000,
          orphans: 0,
        });
        const [first] = await rowsOf(
          database,
          sql`SELECT actor, address, detail FROM audit_log WHERE action = 'record-added'
          ORDER BY id LIMIT 1`,
        );
        const firstId = await valueOf(database, sql`SELECT min(id) FROM svp`);
        expect(first).toEqual({
          actor: OPERATOR,
          address: null,
          detail: JSON.stringify({ collection: 'svp', id: firstId, source: 'import' }),
        });
        expect(
          await valueOf(database, sql`SELECT count(*) FROM audit_log WHERE action = 'import'`),
        ).toBe(2);
      } finally {
        await database.close();
      }
    });

    it('killed with SIGKILL mid-load, leaves every stored record with exactly one entry', async () => {
      const file = await space.file('svp.csv', svpCsv(ROWS));
      const { child, done } = startSvpImport(space, file, BATCH, '--quiet');
      const reader = space.database();
      try {
        while ((await auditCheck(reader, 'svp')).records === 0) await sleep(5);
        child.kill('SIGKILL');
        expect((await done).signal).toBe('SIGKILL');
        const check = await auditCheck(reader, 'svp');
        expect(check.records).toBeGreaterThan(0);
        expect(check.records).toBeLessThan(ROWS);
        expect(check.records % BATCH).toBe(0);
        expectEachAuditedOnce(NOTHING, check);
      } finally {
        await reader.close();
      }
    });
  },
);

describe('web writes to a server killed with SIGKILL', { timeout: 180_000 }, () => {
  const EMAIL = 'killed@san-isidro.gov.ph';
  const PASSWORD = 'monsoon over the ricefields';
  let dataDir: string;
  // The server serves from the engine under test: PostgreSQL's pass gives it a database.
  let databaseUrl: string | undefined;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'municipal-kill-'));
    databaseUrl = testEngine === 'postgres' ? await createPostgresDatabase('kill') : undefined;
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
  });

  /** Another connection to the server's database, opened once the server has migrated it. */
  function openReader(): { site: SiteDatabase; close(): Promise<void> } {
    if (databaseUrl) {
      const postgres = openPostgres(databaseUrl, { max: 2 });
      return { site: { engine: 'postgres', db: postgres.db }, close: () => postgres.close() };
    }
    const sqlite = openDatabase(databasePath(dataDir));
    return { site: sqlite, close: () => sqlite.close() };
  }

  it('leaves every stored record with exactly one entry, and every acknowledged record stored', async () => {
    const port = await freePort();
    const server = startServer(dataDir, {
      port,
      env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
    });
    const visitor = new HttpVisitor(`http://127.0.0.1:${port}`);
    const reader = openReader();
    try {
      await server.listening;
      // Once the server has made the schema (PostgreSQL's is made by the server, not here).
      await addStaffAccount({ dataDir, databaseUrl }, EMAIL, PASSWORD);
      // After start-up, which loads the demo records (posted without entries of their own).
      const before = await auditCheck(reader.site, 'reports');
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

      const after = await auditCheck(reader.site, 'reports');
      expect(after.records - before.records).toBeGreaterThanOrEqual(acknowledged.length);
      expect(after.records - before.records).toBeLessThanOrEqual(sent);
      expectEachAuditedOnce(before, after);
      const stored = new Set(
        (await rowsOf<{ id: number }>(reader.site, sql`SELECT id FROM reports`)).map(
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
