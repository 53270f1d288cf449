import { existsSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations/index.ts';
import { kindByCollection, recordKinds } from '../../shared/record-kinds.ts';
import { insertRecords } from '../../db/record-queries.ts';
import { workspace, type Workspace } from './cli-harness.ts';

describe('db', { timeout: 180_000 }, () => {
  let space: Workspace;
  beforeEach(async () => {
    space = await workspace();
  });
  afterEach(async () => {
    await space.cleanup();
  });

  it('migrate creates the database, then has nothing to do', async () => {
    const first = await space.run(['db', 'migrate']);
    expect(first.code).toBe(0);
    for (const name of Object.keys(migrations)) expect(first.stdout).toContain(name);
    const second = await space.run(['db', 'migrate']);
    expect(second.stdout).toContain('up to date');
  });

  it('stats and backup refuse a data folder without a database instead of creating one', async () => {
    const stats = await space.run(['db', 'stats']);
    expect(stats.code).toBe(1);
    expect(stats.stderr).toContain('no database');
    expect((await space.run(['db', 'backup', `${space.dir}/copy.sqlite`])).code).toBe(1);
    expect(existsSync(`${space.dataDir}/municipal.sqlite`)).toBe(false);
  });

  it('stats counts the records of each collection; backup copies them while another connection writes', async () => {
    await space.run(['db', 'migrate']);
    const server = space.database();
    try {
      const svp = kindByCollection('svp')!;
      insertRecords(
        server,
        svp,
        [1, 2, 3].map((n) => ({
          values: {
            pr_number: `PR-${n}`,
            project_title: `Project ${n}`,
            link: `https://example.org/${n}.pdf`,
          },
        })),
      );
      // An open write transaction, as a server in the middle of a write would hold.
      server.sqlite.exec('BEGIN IMMEDIATE');
      server.sqlite
        .prepare(
          "INSERT INTO reports (title, report_description, link) VALUES ('Uncommitted', 'x', 'https://example.org/u.pdf')",
        )
        .run();

      const stats = await space.run(['db', 'stats', '--json']);
      expect(stats.code).toBe(0);
      const report = JSON.parse(stats.stdout) as {
        collections: { collection: string; records: number }[];
        records: number;
        fileBytes: number;
      };
      expect(report.collections.map((entry) => entry.collection)).toEqual(
        recordKinds.map((kind) => kind.collection),
      );
      expect(report.collections.find((entry) => entry.collection === 'svp')?.records).toBe(3);
      expect(report.records).toBe(3);
      expect(report.fileBytes).toBeGreaterThan(0);
      expect((await space.run(['db', 'stats'])).stdout).toMatch(/svp\s+3/);

      const target = `${space.dir}/backup.sqlite`;
      const backup = await space.run(['db', 'backup', target]);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      server.sqlite.exec('COMMIT');
      const copy = new BetterSqlite3(target, { readonly: true });
      try {
        expect((copy.prepare('SELECT count(*) AS n FROM svp').get() as { n: number }).n).toBe(3);
        expect((copy.prepare('SELECT count(*) AS n FROM reports').get() as { n: number }).n).toBe(
          0,
        );
      } finally {
        copy.close();
      }
      const again = await space.run(['db', 'backup', target]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already exists');
    } finally {
      await server.close();
    }
  });
});
