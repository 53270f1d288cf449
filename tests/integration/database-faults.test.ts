import { spawnSync } from 'node:child_process';
import { openSync, statSync, writeSync, closeSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databasePath, openDatabase } from '../../db/connection.ts';
import { loadDemoRecordsIfEmpty } from '../../db/records/demo-loader.ts';
import { openMigratedDatabase } from '../../db/database-startup.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { insertRecordsNow } from '../../db/records/record-queries.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { loadContent } from '../../server/content/load.ts';
import { addStaffAccount, signedInStaff } from '../helpers/staff.ts';
import { freePort, HttpVisitor, startServer } from '../helpers/server-process.ts';
import { createTestApp, sourceRenderer } from '../helpers/test-app.ts';
import { useWorkspace } from './cli-harness.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const stackTrace = /\bat .+:\d+/;

function expectOneExplainedLine(stderr: string, ...parts: string[]) {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(stackTrace);
  for (const part of parts) expect(stderr).toContain(part);
}

/** A database made by the app with a few thousand records, so that it spans hundreds of pages. */
async function populatedDatabase(dataDir: string): Promise<string> {
  const file = databasePath(dataDir);
  const database = await openMigratedDatabase(file);
  try {
    const svp = kindByCollection('svp')!;
    insertRecordsNow(
      database,
      svp,
      Array.from({ length: 3000 }, (_, n) => ({
        values: {
          pr_number: `PR-${n}`,
          project_title: `Repair of barangay road section ${n} `.repeat(8),
          link: `https://example.org/${n}.pdf`,
        },
      })),
    );
  } finally {
    // Closing the last connection checkpoints the write-ahead log into the file.
    await database.close();
  }
  return file;
}

function pageSizeAndCount(file: string): { pageSize: number; pageCount: number } {
  const sqlite = new BetterSqlite3(file, { readonly: true });
  try {
    return {
      pageSize: sqlite.pragma('page_size', { simple: true }) as number,
      pageCount: sqlite.pragma('page_count', { simple: true }) as number,
    };
  } finally {
    sqlite.close();
  }
}

/** Garbage over one page, as a failing disk or a stray write would leave it. */
function overwritePage(file: string, page: number, pageSize: number) {
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(pageSize, 0xab), 0, pageSize, (page - 1) * pageSize);
  } finally {
    closeSync(fd);
  }
}

describe('database faults at start', { timeout: 120_000 }, () => {
  const space = useWorkspace();

  it('a data folder that cannot be created: the server and the CLI say so in one line', async () => {
    const blocker = await space.file('not-a-folder', 'a regular file where a folder should be');
    const dataDir = path.join(blocker, 'data');

    const server = await startServer(dataDir).exited;
    expect(server.code).not.toBe(0);
    expectOneExplainedLine(server.stderr, dataDir, 'DATA_DIR');

    const cli = spawnSync(
      process.execPath,
      [path.join(root, 'dist/server/cli.js'), '--data-dir', dataDir, 'users', 'list'],
      { encoding: 'utf8' },
    );
    expect(cli.status).toBe(1);
    expectOneExplainedLine(cli.stderr, dataDir, 'DATA_DIR');
  });

  it('a file that is not SQLite: the server and the CLI name it and advise a backup restore', async () => {
    await mkdir(space.dataDir);
    await writeFile(
      databasePath(space.dataDir),
      'These are meeting notes, not a database.\n'.repeat(200),
    );
    const file = databasePath(space.dataDir);

    const server = await startServer(space.dataDir).exited;
    expect(server.code).not.toBe(0);
    expectOneExplainedLine(server.stderr, file, 'not a SQLite database', 'municipal db backup');

    for (const args of [
      ['db', 'stats'],
      ['users', 'list'],
      ['db', 'migrate'],
    ]) {
      const cli = await space.run(args);
      expect(cli.code, args.join(' ')).toBe(1);
      expectOneExplainedLine(cli.stderr, file, 'not a SQLite database', 'municipal db backup');
    }
  });

  it('a database with a damaged page is refused at start by quick_check, by the server and the CLI', async () => {
    const file = await populatedDatabase(space.dataDir);
    const { pageSize, pageCount } = pageSizeAndCount(file);
    expect(pageCount).toBeGreaterThan(200);
    overwritePage(file, Math.floor(pageCount / 2), pageSize);

    const server = await startServer(space.dataDir).exited;
    expect(server.code).not.toBe(0);
    expectOneExplainedLine(server.stderr, file, 'damaged', 'municipal db backup');

    for (const args of [
      ['db', 'stats'],
      ['users', 'list'],
      ['db', 'backup', `${space.dir}/b.sqlite`],
    ]) {
      const cli = await space.run(args);
      expect(cli.code, args.join(' ')).toBe(1);
      expectOneExplainedLine(cli.stderr, file, 'damaged', 'municipal db backup');
    }
  });
});

describe('database faults while serving', { timeout: 120_000 }, () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'municipal-faults-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('/healthz reads the database and answers 503 once a page it reads is damaged', async () => {
    const prepared = await openMigratedDatabase(databasePath(dataDir));
    await loadDemoRecordsIfEmpty(prepared);
    await prepared.close();

    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const app = await buildApp({
      config,
      content: await loadContent(config.contentDir),
      renderer: sourceRenderer,
    });
    try {
      const healthy = await app.inject({ url: '/healthz' });
      expect(healthy.statusCode).toBe(200);
      expect(healthy.json()).toEqual({ status: 'ok' });

      const file = databasePath(dataDir);
      const other = openDatabase(file);
      try {
        const { rootpage } = other.sqlite
          .prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'record_counts'")
          .get() as { rootpage: number };
        overwritePage(file, rootpage, pageSizeAndCount(file).pageSize);
        // Another process's commit makes the server's connection drop its page cache and
        // read the file again, as it would after any write by the CLI.
        other.sqlite.exec('CREATE TABLE unrelated_change (x)');
      } finally {
        await other.close();
      }

      const response = await app.inject({ url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({
        status: 'unavailable',
        message: expect.stringContaining('database cannot be read') as unknown,
      });
    } finally {
      await app.close();
    }
  });

  it('a write that waits too long for another process holding the database answers 503 and writes nothing', async () => {
    const testApp = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const email = 'writer@san-isidro.gov.ph';
      const { visitor } = await signedInStaff(testApp, email, 'pasig river at dawn');
      const token = await visitor.csrfToken();

      const file = databasePath(testApp.config.dataDir);
      const other = openDatabase(file);
      const count = () =>
        (other.sqlite.prepare('SELECT count(*) AS n FROM svp').get() as { n: number }).n;
      const before = count();
      // Another process (a long import, a stuck sqlite3 shell) holds the write lock.
      other.sqlite.exec('BEGIN IMMEDIATE');
      try {
        const response = await visitor.request({
          method: 'POST',
          url: '/api/records/svp',
          headers: { 'x-csrf-token': token },
          payload: {
            pr_number: 'PR-BUSY',
            project_title: 'Office chairs',
            link: 'https://example.org/a.pdf',
          },
        });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: expect.stringContaining('nothing was saved') as unknown,
        });
      } finally {
        other.sqlite.exec('ROLLBACK');
      }
      expect(count()).toBe(before);
      await other.close();
    } finally {
      await testApp.close();
    }
  });
});

const ADDED_AUDITS = "SELECT count(*) AS n FROM audit_log WHERE action = 'record-added'";
const hasPrlimit = spawnSync('prlimit', ['--version']).status === 0;
// A machine without prlimit skips the test, except under CI, which must run it: there it fails.
const skipDiskFull = !hasPrlimit && process.env.CI !== 'true';

/**
 * A real full disk, without a small file system to mount: the server runs under a file
 * size limit (RLIMIT_FSIZE, set by prlimit), so the kernel refuses to grow the database's
 * write-ahead log past it (EFBIG, which Node ignores as a signal and SQLite reports as an
 * I/O error or SQLITE_FULL), exactly where a full disk would refuse it.
 */
describe.skipIf(skipDiskFull)('disk full during writes', { timeout: 120_000 }, () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'municipal-full-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with a clear message, keeps every acknowledged record and nothing else', async () => {
    expect(hasPrlimit, 'prlimit (Debian package util-linux) must be installed').toBe(true);
    const email = 'writer@san-isidro.gov.ph';
    const password = 'pasig river at dawn';
    const prepared = await openMigratedDatabase(databasePath(dataDir));
    await loadDemoRecordsIfEmpty(prepared);
    await prepared.close();
    await addStaffAccount(dataDir, email, password);
    const file = databasePath(dataDir);
    const count = (sqlite: BetterSqlite3.Database, sql: string) =>
      (sqlite.prepare(sql).get() as { n: number }).n;
    const before = (() => {
      const sqlite = new BetterSqlite3(file, { readonly: true });
      try {
        return {
          reports: count(sqlite, 'SELECT count(*) AS n FROM reports'),
          audit: count(sqlite, ADDED_AUDITS),
        };
      } finally {
        sqlite.close();
      }
    })();

    const port = await freePort();
    const server = startServer(dataDir, {
      port,
      fileSizeLimit: statSync(file).size + 256 * 1024,
    });
    const visitor = new HttpVisitor(`http://127.0.0.1:${port}`);

    let acknowledged = 0;
    let refusal: { status: number; body: unknown } | undefined;
    try {
      await server.listening;
      const token = await visitor.signIn(email, password);
      for (let n = 0; n < 500 && !refusal; n++) {
        const response = await visitor.call('POST', '/api/records/reports', token, {
          title: `Quarterly report ${n}`,
          // Varied text, so that the trigram search index grows with every record.
          report_description: Array.from({ length: 300 }, (_, i) => `${n * 7919 + i * 104729}`)
            .join(' ')
            .slice(0, 2000),
          link: `https://example.org/report-${n}.pdf`,
        });
        if (response.status === 201) acknowledged++;
        else refusal = { status: response.status, body: await response.json() };
      }
      expect((await visitor.call('GET', '/healthz')).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }

    expect(acknowledged).toBeGreaterThan(0);
    expect(refusal).toEqual({
      status: 503,
      body: {
        statusCode: 503,
        error: 'Service Unavailable',
        message: expect.stringContaining('nothing was saved') as unknown,
      },
    });
    const sqlite = new BetterSqlite3(file);
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(count(sqlite, 'SELECT count(*) AS n FROM reports')).toBe(
        before.reports + acknowledged,
      );
      expect(count(sqlite, ADDED_AUDITS)).toBe(before.audit + acknowledged);
    } finally {
      sqlite.close();
    }
  });
});
