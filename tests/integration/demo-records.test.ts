/**
 * Demo records never reach a real database (issue 19): they load only with
 * DEMO_RECORDS=true, are marked as demo, every page says so while any exist, and
 * `municipal demo remove` deletes them with everything built from them.
 */
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_RECORDS_PER_KIND } from '../../db/records/demo-records.ts';
import { amendRecord, withdrawRecord } from '../../db/records/record-amendments.ts';
import { countAllRecords, insertRecords } from '../../db/records/record-queries.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import { emptyDatabaseNotice } from '../../server/startup-notices.ts';
import { kindByCollection, recordKinds } from '../../shared/record-kinds.ts';
import { cliOnApp } from './cli-harness.ts';
import { createTestApp, useTestApp, withAppDatabase, type TestApp } from '../helpers/test-app.ts';

const DEMO_COUNT = recordKinds.length * DEMO_RECORDS_PER_KIND;
const NOTICE = /<aside class="demo-notice" aria-label="Demonstration data">/;
const awards = kindByCollection('notice_of_awards')!;
const svp = kindByCollection('svp')!;

/** Pages of every sort: information, list, permalink, open data, staff, not found. */
const pages = [
  '/',
  '/history',
  '/notice-of-award',
  '/notice-of-award?q=road',
  '/open-data',
  '/bac-login',
  '/no-such-page',
];

/** What the first-start line says inside the container, whose image sets CLI_COMMAND=municipal. */
const IMAGE_NOTICE = emptyDatabaseNotice('municipal');

/** The one number a query answers (a count, a minimum), on either engine. */
async function numberOf(site: SiteDatabase, query: RawBuilder<unknown>): Promise<number> {
  const { rows } = await query.execute(site.db);
  return Number(Object.values(rows[0] as Record<string, unknown>)[0]);
}

describe('a start without DEMO_RECORDS, as in production', () => {
  let testApp: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    testApp = await createTestApp(
      { LOG_LEVEL: 'info', CLI_COMMAND: 'municipal' },
      { logStream: { write: (line) => logLines.push(line) } },
    );
  });
  afterAll(() => testApp.close());

  it('leaves an empty database with 0 records, and no page speaks of demonstration data', async () => {
    await withAppDatabase(testApp.config, async (site) => {
      expect(await countAllRecords(site)).toBe(0);
      expect(await numberOf(site, sql`SELECT count(*) FROM demo_records`)).toBe(0);
    });
    for (const url of pages) {
      expect((await testApp.app.inject({ url })).body, url).not.toMatch(NOTICE);
    }
  });

  it('logs one line saying how to create the first account and import records', () => {
    const messages = logLines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages.filter((message) => message === IMAGE_NOTICE)).toHaveLength(1);
    expect(IMAGE_NOTICE).not.toContain('\n');
    expect(IMAGE_NOTICE).toMatch(/municipal users add .*municipal import <collection> <file>/);
    expect(IMAGE_NOTICE).not.toContain('npm');
  });
});

describe('with DEMO_RECORDS=true', () => {
  const logLines: string[] = [];
  const testApp = useTestApp(
    { DEMO_RECORDS: 'true', LOG_LEVEL: 'info' },
    { logStream: { write: (line) => logLines.push(line) } },
  );

  const count = (query: RawBuilder<unknown>) => numberOf(testApp.site, query);

  it('fills an empty database with demo records, each marked as demo', async () => {
    expect(await countAllRecords(testApp.site)).toBe(DEMO_COUNT);
    expect(await count(sql`SELECT count(*) FROM demo_records`)).toBe(DEMO_COUNT);
    for (const kind of recordKinds) {
      expect(
        await count(
          sql`SELECT count(*) FROM ${sql.table(kind.collection)} WHERE id NOT IN (SELECT record_id FROM demo_records WHERE collection = ${kind.collection})`,
        ),
        kind.collection,
      ).toBe(0);
    }
    expect(logLines.join('')).toContain(`added ${DEMO_COUNT} demonstration procurement records`);
    expect(logLines.join('')).not.toContain('holds no procurement records yet');
  });

  it.each(pages)('%s carries the demonstration data notice', async (url) => {
    const response = await testApp.app.inject({ url });
    expect(response.body).toMatch(NOTICE);
    expect(response.body).toContain('municipal demo remove');
  });

  it('municipal demo remove deletes every demo record with its history, feed entries and OCDS releases, in one transaction with an audit entry', async () => {
    // A real record, corrected, beside demo records that staff corrected and withdrew.
    const database = testApp.site;
    const [real] = await insertRecords(database, svp, [
      {
        values: {
          pr_number: 'PR-REAL-0001',
          project_title: 'Real road repair',
          link: 'https://procurement.example.gov.ph/real-road-repair.pdf',
        },
      },
    ]);
    const author = { actor: 'bac@example.gov.ph', address: '127.0.0.1' };
    expect(
      (
        await amendRecord(database, svp, real!.id, {
          ...author,
          fields: { project_title: 'Real road repair, phase 1' },
          reason: 'Title as awarded',
          version: 1,
        })
      ).ok,
    ).toBe(true);
    const demoAward = await count(
      sql`SELECT min(record_id) FROM demo_records WHERE collection = 'notice_of_awards'`,
    );
    const demoSvp = await count(
      sql`SELECT min(record_id) FROM demo_records WHERE collection = 'svp'`,
    );
    expect(
      (
        await amendRecord(database, awards, demoAward, {
          ...author,
          fields: { supplier: 'Another supplier' },
          reason: 'Typo',
          version: 1,
        })
      ).ok,
    ).toBe(true);
    expect(
      (await withdrawRecord(database, svp, demoSvp, { ...author, reason: 'Cancelled' })).ok,
    ).toBe(true);
    expect(await count(sql`SELECT count(*) FROM record_history`)).toBe(3);

    // The home page is served from the render cache until the data changes. (The writes
    // above came through a connection of the test's own: on PostgreSQL the app hears of them
    // by notification, in a moment; settled, it knows them before the first request.)
    await testApp.app.settlePageVersion();
    await testApp.app.inject({ url: '/' });
    const before = testApp.app.responseCache.snapshot();
    expect((await testApp.app.inject({ url: '/' })).body).toMatch(NOTICE);
    expect(testApp.app.responseCache.snapshot().hits).toBe(before.hits + 1);

    const run = await cliOnApp(testApp.config, ['demo', 'remove']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `Removed ${DEMO_COUNT} demonstration records and 2 history entries`,
    );

    // No demo record, mark or history entry is left; the real record and its history are.
    expect(await countAllRecords(database)).toBe(1);
    for (const kind of recordKinds) {
      const expected = kind === svp ? 1 : 0;
      expect(
        await count(sql`SELECT count(*) FROM ${sql.table(kind.collection)}`),
        kind.collection,
      ).toBe(expected);
    }
    expect(await count(sql`SELECT count(*) FROM demo_records`)).toBe(0);
    expect(
      await database.db
        .selectFrom('record_history')
        .select(['collection', 'record_id', 'version'])
        .execute(),
    ).toEqual([{ collection: 'svp', record_id: real!.id, version: 2 }]);
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['actor', 'address', 'detail'])
      .where('action', '=', 'demo-removed')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toMatch(/^cli:/);
    expect(audit[0]!.address).toBeNull();
    const detail = JSON.parse(audit[0]!.detail) as {
      records: Record<string, number>;
      history: number;
    };
    expect(detail.history).toBe(2);
    expect(Object.values(detail.records).reduce((sum, n) => sum + n, 0)).toBe(DEMO_COUNT);

    // The next request has no notice, though the page was cached; demo permalinks are gone.
    for (const url of pages) {
      expect((await testApp.app.inject({ url })).body, url).not.toMatch(NOTICE);
    }
    for (const url of [`/notice-of-award/${demoAward}`, `${svp.route}/${demoSvp}`]) {
      expect((await testApp.app.inject({ url })).statusCode, url).toBe(404);
    }

    // Feeds and OCDS hold the real record alone.
    const feed = (await testApp.app.inject({ url: '/procurement.atom' })).body;
    expect(feed.match(/<entry>/g)).toHaveLength(1);
    expect(feed).toContain('Real road repair, phase 1');
    for (const kind of recordKinds) {
      const listFeed = (await testApp.app.inject({ url: `${kind.route}.atom` })).body;
      expect(listFeed.match(/<entry>/g)?.length ?? 0, kind.route).toBe(kind === svp ? 1 : 0);
    }
    const releases = (await testApp.app.inject({ url: '/ocds/releases.json' })).json<{
      releases: { id: string }[];
    }>().releases;
    expect(releases.map((release) => release.id)).toEqual([
      `svp-${real!.id}-v1`,
      `svp-${real!.id}-v2`,
    ]);

    const again = await cliOnApp(testApp.config, ['demo', 'remove']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('holds no demonstration records');
    expect(await count(sql`SELECT count(*) FROM audit_log WHERE action = 'demo-removed'`)).toBe(1);
  });
});

describe('NODE_ENV=production with DEMO_RECORDS=true', () => {
  it('loads no demo records, and warns that DEMO_RECORDS is ignored', async () => {
    const logLines: string[] = [];
    const testApp = await createTestApp(
      { NODE_ENV: 'production', DEMO_RECORDS: 'true', LOG_LEVEL: 'info', CLI_COMMAND: 'municipal' },
      { logStream: { write: (line) => logLines.push(line) } },
    );
    try {
      expect(await withAppDatabase(testApp.config, countAllRecords)).toBe(0);
      for (const url of pages) {
        expect((await testApp.app.inject({ url })).body, url).not.toMatch(NOTICE);
      }
      const warnings = logLines
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((line) => line.level === 40)
        .map((line) => line.msg);
      expect(warnings).toContain(
        'DEMO_RECORDS=true is ignored under NODE_ENV=production: a production start never loads demonstration records. To show them on a trial server, load them into its empty database with: municipal demo load',
      );
    } finally {
      await testApp.close();
    }
  });
});

describe('municipal demo load', () => {
  it('fills an empty database with marked demo records, and leaves one holding records alone', async () => {
    const testApp = await createTestApp({ NODE_ENV: 'production', DEMO_RECORDS: 'true' });
    try {
      const loaded = await cliOnApp(testApp.config, ['demo', 'load']);
      expect(loaded.code, loaded.stderr).toBe(0);
      expect(loaded.stdout).toContain(`Added ${DEMO_COUNT} demonstration procurement records`);
      await withAppDatabase(testApp.config, async (site) => {
        expect(await countAllRecords(site)).toBe(DEMO_COUNT);
        expect(await numberOf(site, sql`SELECT count(*) FROM demo_records`)).toBe(DEMO_COUNT);
      });
      // The running production server shows them as demo data at once.
      expect((await testApp.app.inject({ url: svp.route })).body).toMatch(NOTICE);

      const again = await cliOnApp(testApp.config, ['demo', 'load']);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain(
        `already holds ${DEMO_COUNT} procurement records, so no demonstration records were added`,
      );
      expect(await withAppDatabase(testApp.config, countAllRecords)).toBe(DEMO_COUNT);
    } finally {
      await testApp.close();
    }
  });
});

describe('a database that already holds records, with DEMO_RECORDS=true', () => {
  it('gets no demo records and no notice', async () => {
    const first = await createTestApp();
    await withAppDatabase(first.config, (site) =>
      insertRecords(site, svp, [
        {
          values: {
            pr_number: 'PR-REAL-0002',
            project_title: 'Real bridge repair',
            link: 'https://procurement.example.gov.ph/bridge.pdf',
          },
        },
      ]),
    );
    // A second start on the same database (its data folder, and its DATABASE_URL on PostgreSQL).
    const second = await createTestApp({
      DEMO_RECORDS: 'true',
      DATA_DIR: first.config.dataDir,
      ...(first.config.databaseUrl ? { DATABASE_URL: first.config.databaseUrl } : {}),
    });
    try {
      expect((await second.app.inject({ url: svp.route })).body).not.toMatch(NOTICE);
      expect(await withAppDatabase(first.config, countAllRecords)).toBe(1);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
