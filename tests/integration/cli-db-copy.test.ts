import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addSubscription } from '../../db/alerts/alert-subscriptions.ts';
import { countRows, quoteIdentifier, tablesToCopy } from '../../db/postgres/sqlite-tables.ts';
import { documentFileName, documentsDir } from '../../server/documents/document-store.ts';
import {
  createPostgresDatabase,
  describeOnPostgres,
  dropPostgresDatabase,
} from '../helpers/postgres-database.ts';
import { cli, uploadDocuments, useWorkspace, type Workspace } from './cli-harness.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** Every copied table's row count, on the workspace's SQLite database. */
async function sqliteCounts(space: Workspace): Promise<Map<string, number>> {
  const database = space.database();
  try {
    return new Map(
      tablesToCopy(database.sqlite).map((table) => [
        table.name,
        countRows(database.sqlite, table.name),
      ]),
    );
  } finally {
    await database.close();
  }
}

async function postgresCounts(url: string, tables: Iterable<string>): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts = new Map<string, number>();
    for (const table of tables) {
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${quoteIdentifier(table)}`,
      );
      counts.set(table, Number(rows[0]!.n));
    }
    return counts;
  } finally {
    await client.end();
  }
}

/**
 * `municipal db copy --to postgres://…` (issue 36) on the demonstration data with a staff
 * account, its audit entries, a hosted document and a subscriber: every table copied and
 * verified, a target in use refused, a URL that is not PostgreSQL's refused, and a
 * document's missing file named.
 */
describeOnPostgres('municipal db copy', () => {
  const space = useWorkspace({ scope: 'all' });
  let document: string;
  const targets: string[] = [];
  const newTarget = async () => {
    const url = await createPostgresDatabase('cli_copy');
    targets.push(url);
    return url;
  };
  afterAll(async () => {
    for (const url of targets) await dropPostgresDatabase(url);
  });

  beforeAll(async () => {
    const loaded = await space.run(['demo', 'load']);
    expect(loaded.code, loaded.stderr).toBe(0);
    const [stored] = await uploadDocuments(space, [{ bytes: PDF, fileName: 'notice.pdf' }]);
    document = path.join(
      documentsDir(space.dataDir),
      documentFileName(stored!.sha256, stored!.type),
    );
    const database = space.database();
    try {
      await addSubscription(database, {
        email: 'reader@example.org',
        lists: ['svp'],
        keyword: null,
        frequency: 'immediate',
        lang: 'en',
        nonce: 'n0nce',
        now: '2025-01-02T03:04:05.000Z',
      });
    } finally {
      await database.close();
    }
  }, 120_000);

  it('copies every table to an empty database, verified, with the same counts; a second copy is refused', async () => {
    const url = await newTarget();
    const run = await space.run(['db', 'copy', '--to', url]);
    expect(run.stderr).toBe('');
    expect(run.code, run.stdout).toBe(0);
    const counts = await sqliteCounts(space);
    for (const table of ['svp', 'staff_users', 'audit_log', 'alert_subscriptions', 'documents'])
      expect(counts.get(table), table).toBeGreaterThan(0);
    for (const [table, rows] of counts)
      expect(run.stdout).toMatch(new RegExp(`^${table}\\s+${rows}\\s+✓$`, 'm'));
    expect(run.stdout).not.toContain('MISMATCH');
    expect(run.stdout).toContain("every table's row count and SHA-256 match");
    expect(run.stdout).toContain('1 document file');
    expect(await postgresCounts(url, counts.keys())).toEqual(counts);

    // The copy is a site on PostgreSQL: db migrate finds it up to date, db stats counts
    // what SQLite counts, db backup dumps it with the document beside it.
    const onPostgres = { DATABASE_URL: url };
    const migrated = await cli(space.dataDir, ['db', 'migrate'], undefined, onPostgres);
    expect(migrated.stdout).toMatch(/^postgres:\/\/.* is up to date\.\n$/);
    const statsOf = async (env?: NodeJS.ProcessEnv) => {
      const stats = await cli(space.dataDir, ['db', 'stats', '--json'], undefined, env);
      expect(stats.code, stats.stderr).toBe(0);
      const { collections, records, staffAccounts, auditEntries, lastAuditEntry } = JSON.parse(
        stats.stdout,
      ) as Record<string, unknown>;
      return { collections, records, staffAccounts, auditEntries, lastAuditEntry };
    };
    expect(await statsOf(onPostgres)).toEqual(await statsOf());
    const backupFile = path.join(space.dir, 'postgres.dump');
    const backup = await cli(space.dataDir, ['db', 'backup', backupFile], undefined, onPostgres);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('(PostgreSQL)');
    expect(backup.stdout).toContain('1 document (');
    expect(backup.stdout).toContain('Restore with "pg_restore');
    expect(existsSync(path.join(`${backupFile}.documents`, path.basename(document)))).toBe(true);

    const again = await space.run(['db', 'copy', '--to', url]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /^error: The PostgreSQL database .* already holds data \(in .*\); db copy only fills an empty database, so nothing was copied\.\n$/,
    );
    expect(await postgresCounts(url, counts.keys())).toEqual(counts);
  }, 120_000);

  it('refuses a URL that is not PostgreSQL, and a server it cannot reach, without printing the password', async () => {
    const notPostgres = await space.run([
      'db',
      'copy',
      '--to',
      'mysql://root:hunter2@db/municipal',
    ]);
    expect(notPostgres.code).toBe(1);
    expect(notPostgres.stderr).toContain('--to takes a PostgreSQL database');
    expect(notPostgres.stderr).not.toContain('hunter2');
    const unreadable = await space.run(['db', 'copy', '--to', 'not a url hunter2']);
    expect(unreadable.code).toBe(1);
    expect(unreadable.stderr).not.toContain('hunter2');
    const unreachable = await space.run([
      'db',
      'copy',
      '--to',
      'postgres://municipal:hunter2@127.0.0.1:1/municipal',
    ]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/^error: The PostgreSQL database .*cannot be reached/);
    expect(unreachable.stderr).not.toContain('hunter2');
    const missing = await space.run(['db', 'copy']);
    expect(missing.code).toBe(2);
  }, 60_000);

  it('names a document whose file is missing from the data folder, and exits 3', async () => {
    await rm(document);
    const url = await newTarget();
    const run = await space.run(['db', 'copy', '--to', url]);
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain(`${document}: missing from the document store`);
    expect(run.stderr).toContain('1 document file of 1');
    // The rows themselves were copied and verified.
    expect(run.stdout).not.toContain('MISMATCH');
  }, 120_000);
});
