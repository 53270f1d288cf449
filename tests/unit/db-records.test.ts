import { Migrator } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../db/connection.ts';
import {
  countDemoRecords,
  hasDemoRecords,
  loadDemoRecordsIfEmpty,
} from '../../db/records/demo-loader.ts';
import { DEMO_RECORDS_PER_KIND, demoRecords } from '../../db/records/demo-records.ts';
import { migrateToLatest } from '../../db/sqlite-migrations.ts';
import { migrations } from '../../db/migrations/all-migrations.ts';
import { openMigratedDatabase } from '../../db/database-startup.ts';
import { withdrawRecord } from '../../db/records/record-amendments.ts';
import {
  ANCHOR_SPACING,
  countAllRecords,
  insertRecordNow,
  insertRecordsNow,
  listRecords,
} from '../../db/records/record-queries.ts';
import { caseSpellings } from '../../db/records/record-search.ts';
import {
  BROKEN_TEXT_MESSAGE,
  CONTROL_CHARACTER_MESSAGE,
  FROM_AFTER_TO,
  listSearchParams,
  parseListQuery,
  REPEATED_DATE,
  REPEATED_PARAMETER,
} from '../../shared/records/list-query.ts';
import { kindByCollection, recordKinds, type RecordKind } from '../../shared/record-kinds.ts';
import { validateRecord } from '../../shared/records/record-validation.ts';
import { useScratchDatabase } from '../helpers/scratch-database.ts';

const svp = kindByCollection('svp')!;
const reports = kindByCollection('reports')!;

function svpRecord(pr_number: string, project_title: string) {
  return { pr_number, project_title, link: `https://example.org/${pr_number}.pdf` };
}

describe('procurement record database', () => {
  let database: AppDatabase;
  useScratchDatabase('municipal-db-', (opened) => (database = opened));

  it('opens with settings fit for a web server', async () => {
    expect(database.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(database.sqlite.pragma('synchronous', { simple: true })).toBe(2);
    expect(database.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(database.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('migrates once: a second run applies nothing', async () => {
    expect(await migrateToLatest(database)).toEqual([]);
    const fresh = openDatabase(':memory:');
    expect(await migrateToLatest(fresh)).toEqual(Object.keys(migrations));
    await fresh.close();
  });

  it.each(recordKinds.map((kind) => [kind.collection, kind] as const))(
    '%s has a table with exactly the registry fields, an id, created and its document life',
    (_name, kind: RecordKind) => {
      const columns = database.sqlite.pragma(`table_info(${kind.collection})`) as {
        name: string;
        type: string;
        notnull: number;
      }[];
      expect(columns.map((column) => column.name).sort()).toEqual(
        [
          'id',
          'created',
          'version',
          'updated',
          'withdrawn_at',
          'withdrawal_reason',
          ...kind.fields.map((field) => field.name),
        ].sort(),
      );
      for (const field of kind.fields) {
        const column = columns.find((candidate) => candidate.name === field.name)!;
        expect(column.type).toBe(field.type === 'money' ? 'INTEGER' : 'TEXT');
        expect(column.notnull).toBe(field.optional ? 0 : 1);
      }
      const searchColumns = database.sqlite.pragma(`table_info(${kind.collection}_search)`) as {
        name: string;
      }[];
      expect(searchColumns.map((column) => column.name)).toEqual([...kind.searchFields]);
    },
  );

  it('keeps the stored name addenddum_number', async () => {
    const columns = database.sqlite.pragma('table_info(bid_bulletin)') as { name: string }[];
    expect(columns.map((column) => column.name)).toContain('addenddum_number');
  });

  it('stores created as an ISO 8601 UTC timestamp and refuses other formats', async () => {
    const record = insertRecordNow(
      database,
      svp,
      svpRecord('PR-1', 'Road'),
      new Date(Date.UTC(2024, 2, 5, 7, 7, 9)),
    );
    expect(record.created).toBe('2024-03-05T07:07:09.000Z');
    expect(() =>
      database.sqlite
        .prepare(
          "INSERT INTO svp (pr_number, project_title, link, created) VALUES ('a', 'b', 'c', 'March 5, 2024')",
        )
        .run(),
    ).toThrow(/CHECK constraint/);
  });

  it('lists newest first, five to a page, with the real total past the end', async () => {
    for (let day = 1; day <= 12; day += 1) {
      insertRecordNow(
        database,
        svp,
        svpRecord(`PR-${day}`, `Project ${day}`),
        new Date(Date.UTC(2025, 0, day)),
      );
    }
    const first = await listRecords(database, svp, { q: '', page: 1 });
    expect(first.total).toBe(12);
    expect(first.pageSize).toBe(5);
    expect(first.items.map((item) => item.pr_number)).toEqual([
      'PR-12',
      'PR-11',
      'PR-10',
      'PR-9',
      'PR-8',
    ]);
    expect(
      (await listRecords(database, svp, { q: '', page: 3 })).items.map((item) => item.pr_number),
    ).toEqual(['PR-2', 'PR-1']);
    expect(await listRecords(database, svp, { q: '', page: 4 })).toEqual({
      items: [],
      page: 4,
      pageSize: 5,
      total: 12,
    });
  });

  it('serves deep pages from keyset anchors exactly as OFFSET would, also after writes', async () => {
    const count = ANCHOR_SPACING * 3 + 7;
    insertRecordsNow(
      database,
      svp,
      Array.from({ length: count }, (_, index) => ({
        // Many equal times, so the anchors must break ties by id as the list does.
        values: svpRecord(`PR-${index}`, `Project ${index}`),
        created: new Date(Date.UTC(2025, 0, 1) + Math.floor(index / 3) * 1000),
      })),
    );
    const byOffset = (page: number) =>
      database.sqlite
        .prepare('SELECT pr_number FROM svp ORDER BY created DESC, id DESC LIMIT 5 OFFSET ?')
        .pluck()
        .all((page - 1) * 5);
    const shown = async (page: number) =>
      (await listRecords(database, svp, { q: '', page })).items.map((item) => item.pr_number);
    const lastPage = Math.ceil(count / 5);
    for (const page of [100, 101, 200, 250, 300, 301, lastPage])
      expect(await shown(page)).toEqual(byOffset(page));
    expect(
      database.sqlite
        .prepare("SELECT count(*) FROM page_anchors WHERE collection = 'svp'")
        .pluck()
        .get(),
    ).toBe(4);

    insertRecordNow(
      database,
      svp,
      svpRecord('PR-newest', 'Newest'),
      new Date(Date.UTC(2030, 0, 1)),
    );
    expect(
      database.sqlite
        .prepare("SELECT count(*) FROM page_anchors WHERE collection = 'svp'")
        .pluck()
        .get(),
    ).toBe(0);
    for (const page of [101, 301, lastPage]) expect(await shown(page)).toEqual(byOffset(page));
    database.sqlite.prepare("DELETE FROM svp WHERE pr_number = 'PR-700'").run();
    for (const page of [101, 301]) expect(await shown(page)).toEqual(byOffset(page));

    // A withdrawal moves every later record up one place, like a delete.
    await shown(301);
    const { id } = database.sqlite
      .prepare("SELECT id FROM svp WHERE pr_number = 'PR-800'")
      .get() as {
      id: number;
    };
    await withdrawRecord(database, svp, id, { reason: 'duplicate', actor: 'test', address: null });
    expect(
      database.sqlite
        .prepare("SELECT count(*) FROM page_anchors WHERE collection = 'svp'")
        .pluck()
        .get(),
    ).toBe(0);
    const published = (page: number) =>
      database.sqlite
        .prepare(
          'SELECT pr_number FROM svp WHERE withdrawn_at IS NULL ORDER BY created DESC, id DESC LIMIT 5 OFFSET ?',
        )
        .pluck()
        .all((page - 1) * 5);
    for (const page of [101, 200, 301, lastPage])
      expect(await shown(page)).toEqual(published(page));
    expect(await shown(lastPage)).not.toContain('PR-800');
    expect((await listRecords(database, svp, { q: '', page: 1 })).total).toBe(count - 1);
  });

  it('spells short searches in every case for the scan', async () => {
    expect(caseSpellings('ña').sort()).toEqual(['ÑA', 'Ña', 'ñA', 'ña'].sort());
    expect(caseSpellings('7')).toEqual(['7']);
  });

  it('breaks ties of the same created time by newest id', async () => {
    const at = new Date(Date.UTC(2025, 0, 1));
    insertRecordsNow(database, svp, [
      { values: svpRecord('first', 'x'), created: at },
      { values: svpRecord('second', 'x'), created: at },
    ]);
    expect(
      (await listRecords(database, svp, { q: '', page: 1 })).items.map((item) => item.pr_number),
    ).toEqual(['second', 'first']);
  });

  it('searches only the kind’s search fields, folding case beyond ASCII', async () => {
    insertRecordNow(database, svp, svpRecord('PR-2025-001', 'Drainage canal in Parañaque street'));
    insertRecordNow(database, svp, {
      ...svpRecord('PR-2025-002', 'Solar lights'),
      link: 'https://parañaque.example/doc',
    });
    const titles = async (q: string) =>
      (await listRecords(database, svp, { q, page: 1 })).items.map((item) => item.project_title);
    expect(await titles('PARAÑAQUE')).toEqual(['Drainage canal in Parañaque street']);
    expect(await titles('pr-2025-002')).toEqual(['Solar lights']);
    expect(await titles('Ñ')).toEqual(['Drainage canal in Parañaque street']);
    expect(await titles('ñA')).toEqual(['Drainage canal in Parañaque street']);
    expect(await titles('no such thing')).toEqual([]);
  });

  it('treats search text literally, quotes and FTS operators included', async () => {
    insertRecordNow(database, reports, {
      title: 'Report "Q1" OR annex*',
      report_description: 'x',
      link: 'https://example.org/r.pdf',
    });
    expect((await listRecords(database, reports, { q: '"Q1" OR', page: 1 })).total).toBe(1);
    expect((await listRecords(database, reports, { q: 'annex*', page: 1 })).total).toBe(1);
    expect((await listRecords(database, reports, { q: 'Q1 annex', page: 1 })).total).toBe(0);
  });

  it('pages searches whose matches cluster or spread exactly as filtering every record would', async () => {
    // One record an hour, titled by number: "lot 2" finds 111 records bunched among the
    // oldest 300, "lot 1" 1,111 mostly among the newest, "north" every third record. Two
    // late imports break the order of ids and times: the newest id dated first, and a
    // record dated newest whose id is not the highest.
    const hour = 3_600_000;
    const start = Date.UTC(2025, 0, 1);
    const records = Array.from({ length: 2_000 }, (_, index) => ({
      pr: `PR-${index}`,
      title: `Lot ${index} ${index % 3 === 0 ? 'north' : 'south'}`,
      created: start + index * hour,
    }));
    const imports = [
      { pr: 'PR-dated-newest', title: 'Lot 2 imported', created: start + 5_000 * hour },
      { pr: 'PR-dated-oldest', title: 'Lot 1 imported north', created: start - 24 * hour },
    ];
    for (const batch of [records, imports])
      insertRecordsNow(
        database,
        svp,
        batch.map(({ pr, title, created }) => ({
          values: svpRecord(pr, title),
          created: new Date(created),
        })),
      );
    const withdrawn = new Set(['PR-250', 'PR-1990', 'PR-999']);
    for (const pr of withdrawn)
      await withdrawRecord(
        database,
        svp,
        (
          database.sqlite.prepare('SELECT id FROM svp WHERE pr_number = ?').get(pr) as {
            id: number;
          }
        ).id,
        { reason: 'duplicate', actor: 'test', address: null },
      );
    const manilaDay = (created: number) => new Date(created + 8 * hour).toISOString().slice(0, 10);
    const newestFirst = [...records, ...imports].sort((a, b) => b.created - a.created);
    const expected = (q: string, from = '', to = '') =>
      newestFirst
        .filter(
          ({ pr, title, created }) =>
            !withdrawn.has(pr) &&
            `${pr} ${title}`.toLowerCase().includes(q) &&
            (!from || manilaDay(created) >= from) &&
            (!to || manilaDay(created) <= to),
        )
        .map(({ pr }) => pr);
    for (const [q, from, to] of [
      ['lot 2', '', ''],
      ['lot 1', '', ''],
      ['north', '', ''],
      ['lot 2', '2025-01-05', ''],
      ['lot 1', '', '2025-02-20'],
      ['north', '2025-01-10', '2025-03-01'],
      ['lot 19', '2025-03-01', '2025-03-31'],
    ] as const) {
      const all = expected(q, from, to);
      const lastPage = Math.ceil(all.length / 5);
      for (let page = 1; page <= lastPage + 1; page += 1) {
        const result = await listRecords(database, svp, { q, page, from, to });
        expect(result.total, `${q} ${from}–${to} total`).toBe(all.length);
        expect(
          result.items.map((item) => item.pr_number),
          `${q} ${from}–${to} page ${page}`,
        ).toEqual(all.slice((page - 1) * 5, page * 5));
      }
    }
  });

  it('keeps the search index and the totals in step with updates and deletes', async () => {
    const record = insertRecordNow(database, svp, svpRecord('PR-9', 'Old title'));
    database.sqlite
      .prepare('UPDATE svp SET project_title = ? WHERE id = ?')
      .run('New title', record.id);
    expect((await listRecords(database, svp, { q: 'old', page: 1 })).total).toBe(0);
    expect((await listRecords(database, svp, { q: 'new', page: 1 })).total).toBe(1);
    database.sqlite.prepare('DELETE FROM svp WHERE id = ?').run(record.id);
    expect((await listRecords(database, svp, { q: 'new', page: 1 })).total).toBe(0);
    expect((await listRecords(database, svp, { q: '', page: 1 })).total).toBe(0);
    expect(await countAllRecords(database)).toBe(0);
  });

  it('inserts a batch all or nothing', async () => {
    expect(() =>
      insertRecordsNow(database, svp, [
        { values: svpRecord('ok', 'fine') },
        { values: { pr_number: 'missing' } },
      ]),
    ).toThrow(/missing/);
    expect(await countAllRecords(database)).toBe(0);
  });
});

describe('demo records', () => {
  let database: AppDatabase;
  beforeEach(async () => {
    database = openDatabase(':memory:');
    await migrateToLatest(database);
  });
  afterEach(() => database.close());

  it('fill every list of an empty database with valid records, once', async () => {
    expect(await loadDemoRecordsIfEmpty(database)).toBe(recordKinds.length * DEMO_RECORDS_PER_KIND);
    for (const kind of recordKinds) {
      const page = await listRecords(database, kind, { q: '', page: 1 });
      expect(page.total).toBe(DEMO_RECORDS_PER_KIND);
      expect(DEMO_RECORDS_PER_KIND).toBeGreaterThanOrEqual(12);
      for (const item of page.items) expect(validateRecord(kind, item).ok).toBe(true);
    }
    expect(await loadDemoRecordsIfEmpty(database)).toBe(0);
    expect(await countAllRecords(database)).toBe(recordKinds.length * DEMO_RECORDS_PER_KIND);
  });

  it('are each marked as demo', async () => {
    expect(await hasDemoRecords(database)).toBe(false);
    await loadDemoRecordsIfEmpty(database);
    expect(await hasDemoRecords(database)).toBe(true);
    expect(await countDemoRecords(database)).toBe(recordKinds.length * DEMO_RECORDS_PER_KIND);
  });

  it('leave a database that holds any record untouched', async () => {
    insertRecordNow(database, svp, svpRecord('PR-REAL-1', 'A real record'));
    expect(await loadDemoRecordsIfEmpty(database)).toBe(0);
    expect(await countAllRecords(database)).toBe(1);
    expect(await hasDemoRecords(database)).toBe(false);
  });

  it('loaded unmarked by an earlier version are marked by migration 0009, and real records are not', async () => {
    const before = openDatabase(':memory:');
    try {
      const migrator = new Migrator({
        db: before.db,
        provider: { getMigrations: async () => migrations },
      });
      expect((await migrator.migrateTo('0008-data-version')).error).toBeUndefined();
      recordKinds.forEach((kind, kindIndex) =>
        insertRecordsNow(before, kind, demoRecords(kind, kindIndex)),
      );
      const real = insertRecordNow(before, svp, svpRecord('PR-REAL-2', 'A real record'));
      expect(await migrateToLatest(before)).toContain('0009-demo-records');
      expect(await countDemoRecords(before)).toBe(recordKinds.length * DEMO_RECORDS_PER_KIND);
      expect(
        before.sqlite
          .prepare("SELECT count(*) FROM demo_records WHERE collection = 'svp' AND record_id = ?")
          .pluck()
          .get(real.id),
      ).toBe(0);
    } finally {
      await before.close();
    }
  });
});

describe('parseListQuery', () => {
  it.each([
    ['a NUL byte', 'ab\u0000cd', CONTROL_CHARACTER_MESSAGE],
    ['a tab inside', 'a\tb', CONTROL_CHARACTER_MESSAGE],
    ['DEL', 'road\u007f', CONTROL_CHARACTER_MESSAGE],
    ['a C1 control', 'road\u0085x', CONTROL_CHARACTER_MESSAGE],
    ['a lone high surrogate', 'ab\uD800cd', BROKEN_TEXT_MESSAGE],
    ['a lone low surrogate', '\uDFFF', BROKEN_TEXT_MESSAGE],
    ['surrogates in the wrong order', '\uDC00\uD800', BROKEN_TEXT_MESSAGE],
  ])('refuses a search with %s, saying why', (_what, q, message) => {
    expect(parseListQuery({ q })).toEqual({ ok: false, message });
  });

  it('accepts surrounding whitespace, emoji and combining marks, trimmed and composed', async () => {
    expect(parseListQuery({ q: ' \t\n🙂 e\u0301 \r\n' })).toEqual({
      ok: true,
      value: { q: '🙂 é', page: 1 },
    });
  });

  it('refuses a repeated q or page and takes a single-item list as the value', async () => {
    expect(parseListQuery({ q: ['a', 'b'] })).toEqual({ ok: false, message: REPEATED_PARAMETER });
    expect(parseListQuery({ page: ['1', '1'] })).toEqual({
      ok: false,
      message: REPEATED_PARAMETER,
    });
    expect(parseListQuery({ q: ['road'], page: ['2'] })).toEqual({
      ok: true,
      value: { q: 'road', page: 2 },
    });
    expect(parseListQuery({ q: [], page: [] })).toEqual({ ok: true, value: { q: '', page: 1 } });
  });

  it('reads from and to as Manila days, keeps them in the URL, and refuses bad or reversed dates', async () => {
    expect(
      parseListQuery({ q: 'road', from: '2026-03-01', to: ['2026-03-31'], page: '2' }),
    ).toEqual({
      ok: true,
      value: { q: 'road', page: 2, from: '2026-03-01', to: '2026-03-31' },
    });
    expect(parseListQuery({ from: '', to: '' })).toEqual({ ok: true, value: { q: '', page: 1 } });
    expect(
      listSearchParams({ q: 'road', page: 2, from: '2026-03-01', to: '2026-03-31' }).toString(),
    ).toBe('q=road&from=2026-03-01&to=2026-03-31&page=2');
    expect(parseListQuery({ from: '2026-13-01' })).toEqual({
      ok: false,
      message: 'The from date must be a real date written YYYY-MM-DD, like 2026-03-05.',
    });
    expect(parseListQuery({ from: '2026-03-02', to: '2026-03-01' })).toEqual({
      ok: false,
      message: FROM_AFTER_TO,
    });
    expect(parseListQuery({ to: ['2026-03-01', '2026-03-02'] })).toEqual({
      ok: false,
      message: REPEATED_DATE,
    });
  });

  it('lets full-text query syntax through as literal text that the database answers', async () => {
    const database = await openMigratedDatabase(':memory:');
    try {
      for (const q of ['"', 'NEAR(', '*', '-', 'AND', 'a" OR "b', '{title}:x', '^x', '🙂', 'ab']) {
        const parsed = parseListQuery({ q });
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect((await listRecords(database, svp, parsed.value)).total).toBe(0);
      }
    } finally {
      await database.close();
    }
  });
});
