import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databasePath } from '../../db/connection.ts';
import { openMigratedDatabase } from '../../db/database-startup.ts';
import { migrations } from '../../db/migrations/all-migrations.ts';
import { openPostgres, type PostgresDatabase } from '../../db/postgres/postgres-connection.ts';
import { MigrationError, migratePostgres } from '../../db/run-migrations.ts';
import {
  createRecordTable,
  dropRecordTable,
  type RecordTableSpec,
} from '../../db/migrations/record-table.ts';
import { runStatements } from '../../db/migrations/run-statements.ts';
import { describeOnPostgres, usePostgresDatabase } from '../helpers/postgres-database.ts';

const CREATED = new Date('2026-01-02T03:04:05.678Z');

/** Table → column → nullable, as a sorted, comparable object. */
type Shape = Record<string, Record<string, boolean>>;

/** A migrated SQLite database's tables, leaving out FTS5's tables (`*_search*`) and SQLite's own. */
async function sqliteShape(): Promise<Shape> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pg-migrations-'));
  const database = await openMigratedDatabase(databasePath(dir));
  try {
    const tables = database.sqlite
      .prepare(
        `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
          AND name NOT GLOB '*_search' AND name NOT GLOB '*_search_*' ORDER BY name`,
      )
      .pluck()
      .all() as string[];
    const shape: Shape = {};
    for (const table of tables) {
      const columns = database.sqlite.prepare(`PRAGMA table_info(${table})`).all() as {
        name: string;
        notnull: number;
        pk: number;
      }[];
      // A primary key is never null on PostgreSQL; SQLite reports a rowid table's as nullable.
      shape[table] = Object.fromEntries(
        columns.map((column) => [column.name, column.notnull === 0 && column.pk === 0]),
      );
    }
    return shape;
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function postgresShape(database: PostgresDatabase): Promise<Shape> {
  const { rows } = await database.pool.query<{
    table_name: string;
    column_name: string;
    is_nullable: string;
  }>(
    `SELECT c.table_name, c.column_name, c.is_nullable FROM information_schema.columns c
      JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const shape: Shape = {};
  for (const row of rows) {
    (shape[row.table_name] ??= {})[row.column_name] = row.is_nullable === 'YES';
  }
  return shape;
}

describeOnPostgres('migrations on PostgreSQL', () => {
  const url = usePostgresDatabase('migrations');
  let database: PostgresDatabase;
  let applied: string[];
  beforeAll(async () => {
    database = openPostgres(url.url());
    applied = await migratePostgres(database, CREATED);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('applies every migration to an empty database and records when the site was created', async () => {
    expect(applied).toEqual(Object.keys(migrations));
    const { rows } = await database.pool.query('SELECT id, created FROM site_created');
    expect(rows).toEqual([{ id: 1, created: CREATED.toISOString() }]);
  });

  it('gives the tables and columns a migrated SQLite database has, with the same nullability', async () => {
    const [sqlite, postgres] = await Promise.all([sqliteShape(), postgresShape(database)]);
    expect(Object.keys(postgres).sort()).toEqual(Object.keys(sqlite).sort());
    for (const table of Object.keys(sqlite)) {
      expect({ table, columns: postgres[table] }).toEqual({ table, columns: sqlite[table] });
    }
  });

  it('refuses a badly formatted time in a checked column, and accepts a good one', async () => {
    const insert = (starts: string) =>
      database.pool.query(
        `INSERT INTO advisories (severity, title, text, starts, ends, created, updated)
          VALUES ('information', 'Water', 'Off', $1, '2099-01-01T00:00:00.000Z', $1, $1)`,
        [starts],
      );
    await expect(insert('2026-01-02 03:04:05')).rejects.toThrow(/check constraint/);
    await expect(insert('2026-01-02T03:04:05.678Z')).resolves.toBeDefined();
  });

  it("keeps SQLite's JSON checks, its case-folded unique address and its GLOB checks", async () => {
    const project = (key: string, planColumns: string | null) =>
      database.pool.query(
        `INSERT INTO procurement_projects (process_key, title, year, created, updated, plan_columns)
          VALUES ($1, 'Road', 2026, '2026-01-02T03:04:05.678Z', '2026-01-02T03:04:05.678Z', $2)`,
        [key, planColumns],
      );
    await expect(project('P-1', '[1, 2]')).rejects.toThrow(/check constraint/);
    await expect(project('P-2', '{"a": 1}')).resolves.toBeDefined();
    await expect(project('P-3', null)).resolves.toBeDefined();

    const history = (detail: string) =>
      database.pool.query(
        `INSERT INTO supplier_history (action, folded, detail, actor, created)
          VALUES ('merged', 'acme', $1, 'staff', '2026-01-02T03:04:05.678Z')`,
        [detail],
      );
    // json_valid and json_type answer as SQLite's own do.
    const documents = [
      'true',
      ' false ',
      '1',
      '-2.5',
      '1e3',
      '"a"',
      'null',
      '[1]',
      '{}',
      '{"a":',
      '',
    ];
    const sqlite = new Database(':memory:');
    const expected = documents.map((text) =>
      sqlite
        .prepare(
          'SELECT json_valid(?) AS valid, CASE WHEN json_valid(?) THEN json_type(?) END AS type',
        )
        .get(text, text, text),
    );
    sqlite.close();
    const answered = [];
    for (const text of documents) {
      const { rows } = await database.pool.query(
        'SELECT json_valid($1)::int AS valid, CASE WHEN json_valid($1) THEN json_type($1) END AS type',
        [text],
      );
      answered.push(rows[0]);
    }
    expect(answered).toEqual(expected);
    await expect(history('{"into":')).rejects.toThrow(/check constraint/);
    await expect(history('{"into": "acme"}')).resolves.toBeDefined();

    const subscribe = (email: string) =>
      database.pool.query(
        `INSERT INTO alert_subscriptions (email, lists, frequency, nonce, created, confirmed_at)
          VALUES ($1, '[]', 'daily', 'n', '2026-01-02T03:04:05.678Z', '2026-01-02T03:04:05.678Z')`,
        [email],
      );
    await subscribe('Juan@Example.org');
    await expect(subscribe('juan@example.ORG')).rejects.toThrow(
      /alert_subscriptions_one_per_address/,
    );

    const register = (folded: string, number: string) =>
      database.pool.query(
        `INSERT INTO supplier_registrations (folded, philgeps_number, actor, created)
          VALUES ($1, $2, 'staff', '2026-01-02T03:04:05.678Z')`,
        [folded, number],
      );
    await expect(register('a', '12--34')).rejects.toThrow(/check constraint/);
    await expect(register('b', '12-34x')).rejects.toThrow(/check constraint/);
    await expect(register('c', '2019-1234')).resolves.toBeDefined();
  });

  it("counts a kind's published records, bumps the data version and tells a listening process", async () => {
    const listener = new pg.Client({ connectionString: url.url() });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (message) => heard.push(message.payload ?? ''));
      await listener.query('LISTEN data_version');
      const version = async () =>
        (await database.pool.query<{ version: number }>('SELECT version FROM data_version'))
          .rows[0]!.version;
      const count = async () =>
        (
          await database.pool.query<{ total: number }>(
            `SELECT total FROM record_counts WHERE collection = 'notice_of_awards'`,
          )
        ).rows[0]!.total;
      const before = await version();
      const { rows } = await database.pool.query<{ id: number; created: string }>(
        `INSERT INTO notice_of_awards (pr_number, project_title, supplier, mode_of_procurement, link, contract_amount)
          VALUES ('PR-1', 'Road', 'Builder', 'Public Bidding', 'https://example.org/a.pdf', 5000000000000)
          RETURNING id, created`,
      );
      expect(rows[0]!.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const after = await version();
      expect(after).toBeGreaterThan(before);
      expect(await count()).toBe(1);
      await expect.poll(() => heard).toContain(String(after));

      await database.pool.query(
        `UPDATE notice_of_awards SET withdrawn_at = '2026-01-03T00:00:00.000Z' WHERE id = $1`,
        [rows[0]!.id],
      );
      expect(await count()).toBe(0);
      expect(await version()).toBeGreaterThan(after);
    } finally {
      await listener.end();
    }
  });

  it("builds and drops a new kind's table as a future migration does (createRecordTable)", async () => {
    const spec = {
      collection: 'request_for_quotation',
      fields: [
        { name: 'pr_number', type: 'text' },
        { name: 'abc', type: 'money', optional: true },
        { name: 'closing_date', type: 'datetime', optional: true },
        { name: 'link', type: 'link' },
      ],
      searchFields: ['pr_number'],
    } satisfies RecordTableSpec;
    await createRecordTable(database.db, spec);
    await database.pool.query(
      `INSERT INTO request_for_quotation (pr_number, abc, link) VALUES ('RFQ-1', 100, 'https://example.org/r.pdf')`,
    );
    const { rows } = await database.pool.query(
      `SELECT total FROM record_counts WHERE collection = 'request_for_quotation'`,
    );
    expect(rows).toEqual([{ total: 1 }]);
    await dropRecordTable(database.db, spec);
    const left = await database.pool.query(
      `SELECT count(*) AS n FROM pg_class WHERE relname LIKE 'request_for_quotation%'`,
    );
    expect(left.rows).toEqual([{ n: 0 }]);
  });

  it('applies nothing when migrated again', async () => {
    expect(await migratePostgres(database, new Date())).toEqual([]);
    const { rows } = await database.pool.query('SELECT created FROM site_created');
    expect(rows).toEqual([{ created: CREATED.toISOString() }]);
  });
});

describeOnPostgres("migration 0025's backfill on PostgreSQL", () => {
  const url = usePostgresDatabase('migrations_backfill');

  it('makes one project per PhilGEPS reference, else per record, dated in Manila', async () => {
    const database = openPostgres(url.url());
    try {
      const names = Object.keys(migrations);
      const until0024 = Object.fromEntries(
        names
          .slice(0, names.indexOf('0025-procurement-projects'))
          .map((name) => [name, migrations[name]!]),
      );
      await migratePostgres(database, CREATED, until0024);
      const add = async (table: string, columns: Record<string, string | number>) => {
        const keys = Object.keys(columns);
        const { rows } = await database.pool.query<{ id: number }>(
          `INSERT INTO ${table} (${keys.join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
          Object.values(columns),
        );
        return rows[0]!.id;
      };
      const link = 'https://example.org/a.pdf';
      await add('public_bidding', {
        bid_number: 'ITB-1',
        project_title: 'Seawall',
        philgeps_reference: ' 55667788 ',
        abc: 150_000_000,
        link,
        created: '2026-01-05T01:00:00.000Z',
      });
      await add('notice_of_awards', {
        pr_number: 'PR-10',
        project_title: 'Seawall (award)',
        supplier: 'Dagat Builders',
        mode_of_procurement: 'Public Bidding',
        philgeps_reference: '55667788',
        link,
        created: '2026-02-01T01:00:00.000Z',
      });
      const lone = await add('svp', {
        pr_number: 'PR-20',
        project_title: 'Office chairs',
        link,
        created: '2025-12-31T17:00:00.000Z',
      });
      expect(await migratePostgres(database, CREATED)).toContain('0025-procurement-projects');
      const { rows } = await database.pool.query(
        'SELECT process_key, title, mode, abc, year FROM procurement_projects ORDER BY id',
      );
      expect(rows).toEqual([
        // 2025-12-31T17:00Z is New Year's Day in Manila: the project is 2026's.
        { process_key: `svp-${lone}`, title: 'Office chairs', mode: null, abc: null, year: 2026 },
        {
          process_key: '55667788',
          title: 'Seawall',
          mode: 'Public Bidding',
          abc: 150_000_000,
          year: 2026,
        },
      ]);
      const notices = await database.pool.query(
        'SELECT count(*) AS n FROM procurement_project_notices',
      );
      expect(notices.rows).toEqual([{ n: 3 }]);
    } finally {
      await database.close();
    }
  });
});

describeOnPostgres('a migration that fails on PostgreSQL', () => {
  const url = usePostgresDatabase('migrations_failing');

  it('is named in a MigrationError, and the whole run is rolled back', async () => {
    const database = openPostgres(url.url());
    try {
      const first = Object.keys(migrations)[0]!;
      const failing = {
        [first]: migrations[first]!,
        '0002-without-a-rule': {
          up: (db: Kysely<unknown>) =>
            runStatements(db, ['CREATE TABLE kept (a TEXT) STRICT', "SELECT julianday('now')"]),
        },
      };
      const run = migratePostgres(database, CREATED, failing);
      await expect(run).rejects.toThrow(MigrationError);
      await expect(run).rejects.toThrow(
        /^Database migration 0002-without-a-rule failed on PostgreSQL: No PostgreSQL rule for .*julianday/,
      );
      const { rows } = await database.pool.query(
        `SELECT table_name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_name IN ('record_counts', 'kept')`,
      );
      expect(rows).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describeOnPostgres('two migrations started at once on PostgreSQL', () => {
  const url = usePostgresDatabase('migrations_together');

  it('both succeed: one applies every migration, the other finds nothing to do', async () => {
    const first = openPostgres(url.url());
    const second = openPostgres(url.url());
    try {
      const results = await Promise.all([
        migratePostgres(first, CREATED),
        migratePostgres(second, CREATED),
      ]);
      expect(results.map((names) => names.length).sort((a, b) => a - b)).toEqual([
        0,
        Object.keys(migrations).length,
      ]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
