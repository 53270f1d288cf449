import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations/all-migrations.ts';
import {
  documentFileName,
  documentsDir,
  type StoredDocument,
} from '../../server/documents/document-store.ts';
import { kindByCollection, recordKinds } from '../../shared/record-kinds.ts';
import { insertRecordsNow } from '../../db/records/record-queries.ts';
import { cli, uploadDocuments, useWorkspace } from './cli-harness.ts';
import { alertTokens } from '../../server/alerts/alert-tokens.ts';
import { ownerOnlyKeyFile } from '../../server/auth/session-keys.ts';
import { picturesDir } from '../../server/data-folder.ts';
import { createTestApp } from '../helpers/test-app.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 7)]);

describe('db', { timeout: 180_000 }, () => {
  const space = useWorkspace();

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
      insertRecordsNow(
        server,
        svp,
        [1, 2, 3].map((n) => ({
          values: {
            pr_number: `PR-${n}`,
            project_title: `Project ${n}`,
            link: `https://example.org/${n}.pdf`,
          },
          // The newest at 16:30 UTC on March 5, which is already March 6 in Manila.
          created: new Date(`2024-03-0${n + 2}T16:30:00.000Z`),
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
        collections: { collection: string; records: number; newest: string | null }[];
        records: number;
        fileBytes: number;
      };
      expect(report.collections.map((entry) => entry.collection)).toEqual(
        recordKinds.map((kind) => kind.collection),
      );
      expect(report.collections.find((entry) => entry.collection === 'svp')).toEqual({
        collection: 'svp',
        records: 3,
        newest: '2024-03-05T16:30:00.000Z',
      });
      expect(report.collections.find((entry) => entry.collection === 'reports')?.newest).toBe(null);
      expect(report.records).toBe(3);
      expect(report.fileBytes).toBeGreaterThan(0);
      const text = (await space.run(['db', 'stats'])).stdout;
      expect(text).toMatch(/COLLECTION\s+RECORDS\s+NEWEST POSTED \(MANILA\)\n/);
      expect(text).toMatch(/svp\s+3\s+2024-03-06T00:30:00\+08:00\n/);
      expect(text).toMatch(/reports\s+0\s+-\n/);

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

  describe('backup with hosted documents', () => {
    const upload = (...files: Buffer[]) =>
      uploadDocuments(
        space,
        files.map((bytes, position) => ({ bytes, fileName: `notice-${position}` })),
      );

    const storeName = (document: StoredDocument) =>
      documentFileName(document.sha256, document.type);

    it('copies every stored document beside the database copy, byte for byte', async () => {
      const stored = await upload(PDF, JPEG);
      // A file no row names (an import batch that rolled back) is no one's document.
      await writeFile(path.join(documentsDir(space.dataDir), `${'a'.repeat(64)}.pdf`), PDF);

      const target = path.join(space.dir, 'backup.sqlite');
      const result = await space.run(['db', 'backup', target]);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`2 documents`);
      expect(result.stdout).toContain(`${target}.documents`);

      const copies = path.join(space.dir, 'backup.sqlite.documents');
      expect((await readdir(copies)).sort()).toEqual(stored.map(storeName).sort());
      for (const document of stored) {
        expect(await readFile(path.join(copies, storeName(document)))).toEqual(
          await readFile(path.join(documentsDir(space.dataDir), storeName(document))),
        );
      }
      const copy = new BetterSqlite3(target, { readonly: true });
      try {
        expect(copy.prepare('SELECT sha256 FROM documents ORDER BY sha256').all()).toEqual(
          stored.map(({ sha256 }) => ({ sha256 })).sort((a, b) => a.sha256.localeCompare(b.sha256)),
        );
      } finally {
        copy.close();
      }

      // The copy restores: a data folder made of it verifies clean.
      const restored = path.join(space.dir, 'restored');
      await mkdir(path.join(restored, 'documents'), { recursive: true });
      await writeFile(path.join(restored, 'municipal.sqlite'), await readFile(target));
      for (const name of await readdir(copies)) {
        await writeFile(
          path.join(restored, 'documents', name),
          await readFile(path.join(copies, name)),
        );
      }
      const verify = await cli(restored, ['documents', 'verify']);
      expect(verify.stderr).toBe('');
      expect(verify.stdout).toContain('Verified 2 documents');
    });

    it('creates the data folder, the database with its WAL and SHM, and every backup owner-only', async () => {
      const mode = async (file: string) => (await stat(file)).mode & 0o777;
      // The usual umask, under which files are created readable by everyone unless the code
      // asks otherwise; restored after.
      const umask = process.umask(0o022);
      try {
        const [notice] = await upload(PDF);
        expect(await mode(space.dataDir)).toBe(0o700);
        const file = path.join(space.dataDir, 'municipal.sqlite');
        // An open connection keeps the WAL and SHM files, as a running server does.
        const server = space.database();
        try {
          server.sqlite.prepare('INSERT INTO audit_log (action) VALUES (?)').run('sign-out');
          for (const name of [file, `${file}-wal`, `${file}-shm`])
            expect({ name, mode: await mode(name) }).toEqual({ name, mode: 0o600 });

          const target = path.join(space.dir, 'backup.sqlite');
          const result = await space.run(['db', 'backup', target]);
          expect(result.code).toBe(0);
          expect(await mode(target)).toBe(0o600);
          expect(await mode(`${target}.documents`)).toBe(0o700);
          expect(await mode(path.join(`${target}.documents`, storeName(notice!)))).toBe(0o600);
        } finally {
          await server.close();
        }
      } finally {
        process.umask(umask);
      }
    });

    it('exits 1 naming a damaged document, and refuses a documents folder that exists', async () => {
      const [notice, photo] = await upload(PDF, JPEG);
      const handle = await open(path.join(documentsDir(space.dataDir), storeName(notice!)), 'r+');
      try {
        await handle.write(Buffer.from('X'), 0, 1, 20);
      } finally {
        await handle.close();
      }
      const target = path.join(space.dir, 'backup.sqlite');
      const result = await space.run(['db', 'backup', target]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`${storeName(notice!)}: content changed`);
      expect(result.stderr).not.toContain(photo!.sha256);
      expect(result.stderr).toContain('1 of 2 documents could not be copied intact');

      const other = path.join(space.dir, 'other.sqlite');
      await mkdir(`${other}.documents`);
      const taken = await space.run(['db', 'backup', other]);
      expect(taken.code).toBe(1);
      expect(taken.stderr).toContain(`${other}.documents already exists`);
      expect(existsSync(other)).toBe(false);
    });
  });
  describe('restore of the whole data folder', () => {
    const PICTURE = ['news-480.webp', 'news-480.avif'];

    /** A data folder as a running site leaves it: a document, a news picture and both keys. */
    async function siteFolder(): Promise<void> {
      await uploadDocuments(space, [{ bytes: PDF, fileName: 'notice.pdf' }]);
      const database = space.database();
      try {
        database.sqlite
          .prepare(
            'INSERT INTO pictures (width, height, variants, avif, uploader, created) VALUES (480, 320, ?, ?, NULL, ?)',
          )
          .run(
            JSON.stringify({ 480: `/pictures/${PICTURE[0]}` }),
            JSON.stringify({ 480: `/pictures/${PICTURE[1]}` }),
            '2026-01-05T00:00:00.000Z',
          );
      } finally {
        await database.close();
      }
      await mkdir(picturesDir(space.dataDir), { recursive: true });
      for (const name of PICTURE)
        await writeFile(path.join(picturesDir(space.dataDir), name), `picture ${name}`);
      ownerOnlyKeyFile(space.dataDir, 'session.key');
      ownerOnlyKeyFile(space.dataDir, 'alerts.key');
    }

    it('backs up pictures and keys too, and restores all of it in one step: pictures served, mailed links good, keys owner-only', async () => {
      await siteFolder();
      const target = path.join(space.dir, 'backup.sqlite');
      const backup = await space.run(['db', 'backup', target]);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect((await readdir(`${target}.pictures`)).sort()).toEqual([...PICTURE].sort());
      expect((await readdir(`${target}.keys`)).sort()).toEqual(['alerts.key', 'session.key']);

      const restored = path.join(space.dir, 'restored');
      const restore = await cli(restored, ['db', 'restore', target]);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain('1 document, 2 picture files and 2 key files');
      for (const name of ['alerts.key', 'session.key']) {
        expect(await readFile(path.join(restored, name))).toEqual(
          await readFile(path.join(space.dataDir, name)),
        );
        expect((await stat(path.join(restored, name))).mode & 0o777).toBe(0o600);
      }
      // A "change your alerts" link mailed before the backup still opens its subscription.
      const subscription = { id: 7, nonce: 'f'.repeat(32) };
      const mailed = alertTokens(space.dataDir).sign('manage', subscription);
      expect(alertTokens(restored).verify(mailed, 'manage', subscription)).toBe(true);

      const verify = await cli(restored, ['documents', 'verify']);
      expect(verify.stderr).toBe('');
      expect(verify.stdout).toContain('Verified 1 document');
      expect(verify.stdout).toContain('all 2 picture files');

      const site = await createTestApp({ DATA_DIR: restored });
      try {
        const picture = await site.app.inject({ url: `/pictures/${PICTURE[0]}` });
        expect(picture.statusCode).toBe(200);
        expect(picture.body).toBe(`picture ${PICTURE[0]}`);
        // The running server marks the folder: a restore into it is refused, and changes nothing.
        const refused = await cli(restored, ['db', 'restore', target]);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/The server \(process \d+\) is using/);
        expect((await readdir(restored)).some((name) => name.includes('replaced'))).toBe(false);
      } finally {
        await site.app.close();
      }
      // Stopped, it may: the database it replaces is kept beside it.
      const again = await cli(restored, ['db', 'restore', target]);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toMatch(
        /The database it replaced is kept at .*municipal\.sqlite\.replaced-/,
      );
    });

    it('verify names a missing news picture; restore refuses an incomplete backup and changes nothing', async () => {
      await siteFolder();
      const target = path.join(space.dir, 'backup.sqlite');
      expect((await space.run(['db', 'backup', target])).code).toBe(0);
      await rm(path.join(picturesDir(space.dataDir), PICTURE[1]!));
      const verify = await space.run(['documents', 'verify']);
      expect(verify.code).toBe(1);
      expect(verify.stderr).toContain(`${PICTURE[1]}: missing, a news picture's file`);
      expect(verify.stderr).toContain('1 picture file failed verification');

      await rm(path.join(`${target}.pictures`, PICTURE[0]!));
      const restored = path.join(space.dir, 'restored');
      const restore = await cli(restored, ['db', 'restore', target]);
      expect(restore.code).toBe(1);
      expect(restore.stderr).toContain(`${PICTURE[0]}: missing from the backup`);
      expect(restore.stderr).toContain('nothing was restored');
      expect(existsSync(restored)).toBe(false);
    });
  });
});
