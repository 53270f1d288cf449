import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databasePath, openDatabase, type AppDatabase } from '../../db/connection.ts';
import { openMigratedDatabase } from '../../db/database-startup.ts';
import { recordAudit } from '../../db/audit-log.ts';
import {
  canonicalValue,
  copyToPostgres,
  CopyRefused,
  inSnapshot,
  verifyCopy,
} from '../../db/postgres/copy-to-postgres.ts';
import { openPostgres, type PostgresDatabase } from '../../db/postgres/postgres-connection.ts';
import { inForeignKeyOrder, tablesToCopy } from '../../db/postgres/sqlite-tables.ts';
import { migratePostgres } from '../../db/run-migrations.ts';
import { migrateToLatest } from '../../db/sqlite-migrations.ts';
import { loadDemoRecordsIfEmpty } from '../../db/records/demo-loader.ts';
import { describeOnPostgres, createPostgresDatabase } from '../helpers/postgres-database.ts';

/** The PostgreSQL migrations, as `db copy` runs them on its target. */
const migrate = (target: PostgresDatabase) => migratePostgres(target);

describeOnPostgres('copying a SQLite database to PostgreSQL', () => {
  let dir: string;
  let source: AppDatabase;
  const targets: PostgresDatabase[] = [];
  const newTarget = async () => {
    const target = openPostgres(await createPostgresDatabase('copy'));
    targets.push(target);
    return target;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pg-copy-'));
    source = await openMigratedDatabase(databasePath(dir));
    expect(await loadDemoRecordsIfEmpty(source)).toBeGreaterThan(0);
    recordAudit(source, {
      action: 'document-uploaded',
      actor: 'it.staff@example.gov.ph',
      address: null,
      detail: { note: 'text with "quotes", ñ and a 𝄞' },
    });
  });
  afterAll(async () => {
    for (const target of targets) await target.close();
    await source.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('lists the tables to copy in foreign-key order, without FTS5, SQLite or migrator tables', () => {
    const names = tablesToCopy(source.sqlite).map((table) => table.name);
    expect(names).toContain('svp');
    expect(names).toContain('audit_log');
    expect(names.some((name) => name.includes('_search'))).toBe(false);
    expect(names.some((name) => name.startsWith('sqlite_') || name.startsWith('kysely_'))).toBe(
      false,
    );
    expect(names.indexOf('staff_users')).toBeLessThan(names.indexOf('staff_roles'));
    const ordered = inForeignKeyOrder([
      { name: 'c', columns: [], orderBy: [], references: ['b'] },
      { name: 'b', columns: [], orderBy: [], references: ['a', 'b'] },
      { name: 'a', columns: [], orderBy: [], references: [] },
    ]);
    expect(ordered.map((table) => table.name)).toEqual(['a', 'b', 'c']);
  });

  it('hashes an integer alike from either engine, and tells text from numbers and null', () => {
    expect(canonicalValue(42n)).toBe(canonicalValue(42));
    expect(canonicalValue('42')).not.toBe(canonicalValue(42));
    expect(canonicalValue(null)).not.toBe(canonicalValue('null'));
  });

  it('copies every table in small batches and verifies each; the target keeps what SQLite held', async () => {
    const target = await newTarget();
    const report = await copyToPostgres(source, target, {
      migrate,
      batchRows: 7,
    });
    expect(report.mismatched).toEqual([]);
    expect(report.tables.length).toBe(tablesToCopy(source.sqlite).length);
    const svp = report.tables.find((check) => check.table === 'svp')!;
    expect(svp.sourceRows).toBeGreaterThan(7);
    expect(svp.targetRows).toBe(svp.sourceRows);
    // The target's triggers did not fire during the copy: the data version is SQLite's.
    const version = source.sqlite.prepare('SELECT version FROM data_version').get() as {
      version: number;
    };
    const { rows } = await target.pool.query<{ version: number }>(
      'SELECT version FROM data_version',
    );
    expect(rows).toEqual([{ version: version.version }]);
    // The next record gets a new id, and the triggers fire again.
    const highest = source.sqlite
      .prepare("SELECT seq AS id FROM sqlite_sequence WHERE name = 'svp'")
      .get() as { id: number };
    const added = await target.pool.query<{ id: number }>(
      `INSERT INTO svp (pr_number, project_title, link, created, version)
       VALUES ('PR-NEW', 'New', 'https://example.org/new.pdf', '2025-01-01T00:00:00.000Z', 1)
       RETURNING id`,
    );
    expect(added.rows[0]!.id).toBe(highest.id + 1);
    const bumped = await target.pool.query<{ version: number }>('SELECT version FROM data_version');
    expect(bumped.rows[0]!.version).toBeGreaterThan(version.version);
  });

  it('copies one snapshot while another connection keeps writing', async () => {
    const target = await newTarget();
    const server = openDatabase(databasePath(dir));
    const entries = () =>
      (source.sqlite.prepare('SELECT count(*) AS n FROM audit_log').get() as { n: number }).n;
    const before = entries();
    let written = 0;
    try {
      const report = await copyToPostgres(source, target, {
        migrate,
        onTable: () => {
          // A server's write, committed in the middle of the copy.
          recordAudit(server, {
            action: 'document-uploaded',
            actor: 'server',
            address: null,
            detail: {},
          });
          written++;
        },
      });
      expect(report.mismatched).toEqual([]);
      expect(report.tables.find((check) => check.table === 'audit_log')!.targetRows).toBe(before);
    } finally {
      await server.close();
    }
    expect(written).toBeGreaterThan(0);
    expect(entries()).toBe(before + written);
  });

  it('finds a row changed in the target after the copy, and a row added', async () => {
    const target = await newTarget();
    await copyToPostgres(source, target, { migrate });
    await target.pool.query(
      "UPDATE svp SET project_title = project_title || ' ' WHERE id = (SELECT min(id) FROM svp)",
    );
    await target.pool.query(
      "INSERT INTO audit_log (at, actor, action, detail) VALUES ('2025-01-01T00:00:00.000Z', 'x', 'y', '{}')",
    );
    const report = await inSnapshot(source, (tables) => verifyCopy(source, target, tables));
    // The data version too: the target's trigger bumped it on the change.
    expect(report.mismatched).toEqual(['audit_log', 'data_version', 'svp']);
    const svp = report.tables.find((check) => check.table === 'svp')!;
    expect(svp.targetRows).toBe(svp.sourceRows);
    expect(svp.targetSha256).not.toBe(svp.sourceSha256);
  });

  it('refuses a target in use, before or after migrating it, and leaves it as it was', async () => {
    const target = await newTarget();
    await copyToPostgres(source, target, { migrate });
    const count = async () =>
      (await target.pool.query<{ n: number }>('SELECT count(*)::bigint AS n FROM audit_log'))
        .rows[0]!.n;
    const before = await count();
    await expect(copyToPostgres(source, target, { migrate: async () => {} })).rejects.toThrow(
      CopyRefused,
    );
    await expect(copyToPostgres(source, target, { migrate: async () => {} })).rejects.toThrow(
      /already holds data \(in .*audit_log.*\); db copy only fills an empty database/,
    );
    expect(await count()).toBe(before);
  });

  it('refuses a SQLite database that is not at the latest schema', async () => {
    const behind = openDatabase(':memory:');
    try {
      await migrateToLatest(behind);
      behind.sqlite.exec(
        'DELETE FROM kysely_migration WHERE name = (SELECT max(name) FROM kysely_migration)',
      );
      const target = await newTarget();
      await expect(copyToPostgres(behind, target, { migrate })).rejects.toThrow(
        /^The SQLite database is 1 migration behind this version .*db migrate/,
      );
      const { rows } = await target.pool.query<{ n: number }>(
        "SELECT count(*)::bigint AS n FROM information_schema.tables WHERE table_schema = 'public'",
      );
      expect(rows[0]!.n).toBe(0);
    } finally {
      await behind.close();
    }
  });

  it('leaves the target empty when the copy fails part way', async () => {
    const target = await newTarget();
    await migratePostgres(target);
    // A constraint the source breaks: the last tables fail after earlier ones were inserted.
    await target.pool.query(
      "ALTER TABLE svp ADD CONSTRAINT refuse_all CHECK (project_title = 'never')",
    );
    await expect(copyToPostgres(source, target, { migrate: async () => {} })).rejects.toThrow(
      /refuse_all/,
    );
    const { rows } = await target.pool.query<{ n: number }>(
      'SELECT count(*)::bigint AS n FROM audit_log',
    );
    expect(rows[0]!.n).toBe(0);
  });
});
