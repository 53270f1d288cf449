import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyToPostgres } from '../../db/postgres/copy-to-postgres.ts';
import { openPostgres } from '../../db/postgres/postgres-connection.ts';
import { migratePostgres } from '../../db/run-migrations.ts';
import { databasePath, openDatabase } from '../../db/connection.ts';
import { recordKinds } from '../../shared/record-kinds.ts';
import { recordPath } from '../../shared/records/record-path.ts';
import { multipart } from '../helpers/multipart.ts';
import {
  createPostgresDatabase,
  describeOnPostgres,
  dropPostgresDatabase,
} from '../helpers/postgres-database.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testClock } from '../helpers/test-clock.ts';

const SITE = 'https://procurement.example.gov.ph';
const DOCUMENTS = 3;
/** One time for both sites: the OCDS packages say when they were published. */
const clock = testClock('2026-11-20T02:00:00.000Z');

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Issue 36: after `db copy` of the demo database (and documents uploaded to it), the site
 * served from PostgreSQL answers every list page, record page, OCDS record and document
 * exactly as the SQLite original does: same status, same bytes. Both apps read one data
 * folder, as processes on a shared volume do.
 */
describeOnPostgres('the site served from PostgreSQL after db copy', () => {
  let sqlite: TestApp;
  let postgres: TestApp;
  let url: string;
  const documents: string[] = [];
  const recordPages: string[] = [];

  beforeAll(async () => {
    sqlite = await createTestApp(
      { DEMO_RECORDS: 'true', SITE_URL: SITE, TRUST_PROXY: '1' },
      { clock },
    );
    const { visitor } = await signedInStaff(sqlite, 'bac.copy@example.gov.ph', 'harbor-violet-71');
    const token = await visitor.csrfToken();
    for (let n = 0; n < DOCUMENTS; n++) {
      const { body, contentType } = await multipart([
        {
          name: 'file',
          value: {
            bytes: Buffer.from(`%PDF-1.4\n% document ${n}\n%%EOF\n`),
            fileName: `award-${n}.pdf`,
            type: 'application/pdf',
          },
        },
      ]);
      const uploaded = await visitor.request({
        method: 'POST',
        url: '/api/documents',
        headers: { 'content-type': contentType, 'x-csrf-token': token },
        payload: body,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      documents.push(uploaded.json<{ url: string }>().url);
    }
    url = await createPostgresDatabase('served_copy');
    const target = openPostgres(url);
    const source = openDatabase(databasePath(sqlite.config.dataDir));
    try {
      const report = await copyToPostgres(source, target, { migrate: migratePostgres });
      expect(report.mismatched).toEqual([]);
      for (const kind of recordKinds) {
        const rows = await source.db
          .selectFrom(kind.collection as 'svp')
          .select('id')
          .orderBy('id')
          .execute();
        for (const { id } of rows) recordPages.push(recordPath(kind, id));
      }
    } finally {
      await source.close();
      await target.close();
    }
    postgres = await createTestApp(
      { DATA_DIR: sqlite.config.dataDir, DATABASE_URL: url, SITE_URL: SITE, TRUST_PROXY: '1' },
      { clock },
    );
  }, 300_000);

  afterAll(async () => {
    // The PostgreSQL app's data folder is the SQLite app's, removed with it.
    await postgres?.close();
    await sqlite?.close();
    if (url) await dropPostgresDatabase(url);
  });

  /** Both apps' answers to `path`, as an anonymous visitor gets them. */
  async function bothAnswer(path: string) {
    const [fromSqlite, fromPostgres] = await Promise.all(
      [sqlite, postgres].map((site) => site.app.inject({ url: path })),
    );
    return { fromSqlite: fromSqlite!, fromPostgres: fromPostgres! };
  }

  async function expectAlike(path: string): Promise<string> {
    const { fromSqlite, fromPostgres } = await bothAnswer(path);
    expect(fromSqlite.statusCode, path).toBe(200);
    expect(fromPostgres.statusCode, path).toBe(200);
    expect(fromPostgres.body, path).toBe(fromSqlite.body);
    return fromSqlite.body;
  }

  it('serves every list page of every kind alike', async () => {
    let pages = 0;
    for (const kind of recordKinds) {
      for (let page = 1; ; page++) {
        const body = await expectAlike(`${kind.route}?page=${page}`);
        pages += 1;
        if (!body.includes(`page=${page + 1}`)) break;
      }
    }
    expect(pages).toBeGreaterThan(recordKinds.length);
  });

  it('serves every record page alike', async () => {
    expect(recordPages.length).toBeGreaterThan(recordKinds.length);
    for (const page of recordPages) await expectAlike(page);
  });

  it('publishes every OCDS record alike', async () => {
    let processes = 0;
    for (let page = 1; ; page++) {
      const { fromSqlite, fromPostgres } = await bothAnswer(`/ocds/records.json?page=${page}`);
      expect(fromPostgres.statusCode).toBe(fromSqlite.statusCode);
      if (fromSqlite.statusCode === 404) break;
      expect(fromPostgres.json()).toEqual(fromSqlite.json());
      const { records } = fromSqlite.json<{ records: { ocid: string }[] }>();
      for (const { ocid } of records) {
        const { fromSqlite: one, fromPostgres: copied } = await bothAnswer(
          `/ocds/records/${ocid}.json`,
        );
        expect(one.statusCode, ocid).toBe(200);
        expect(copied.json(), ocid).toEqual(one.json());
        processes += 1;
      }
    }
    expect(processes).toBeGreaterThan(0);
  });

  it('serves every document with the same bytes', async () => {
    for (const path of documents) {
      const { fromSqlite, fromPostgres } = await bothAnswer(path);
      expect(fromSqlite.statusCode, path).toBe(200);
      expect(fromPostgres.statusCode, path).toBe(200);
      expect(sha256(fromPostgres.rawPayload)).toBe(sha256(fromSqlite.rawPayload));
      expect(path).toContain(sha256(fromSqlite.rawPayload));
    }
  });
});
