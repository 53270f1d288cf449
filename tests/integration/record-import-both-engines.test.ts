import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listAudit } from '../../db/audit-log.ts';
import { sameValue, withImportStaging } from '../../db/records/record-import.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import { createStaff } from '../../db/staff-accounts/staff-accounts.ts';
import { readCsvRows } from '../../cli/import/csv-rows.ts';
import { readJsonRows } from '../../cli/import/json-rows.ts';
import { createProgress } from '../../cli/import/progress.ts';
import { runImport, type ImportResult } from '../../cli/import/two-pass-import.ts';
import { kindByCollection, type RecordKind } from '../../shared/record-kinds.ts';
import { describeOnBothEngines } from '../helpers/both-engines.ts';

// The bulk import (db/records/record-import.ts, cli/import/two-pass-import.ts) on both
// engines: staging in a temporary table, the dry run's counts, the batches' copy with
// their audit entries, projects and documents, and a batch that fails leaving nothing.

const awards = kindByCollection('notice_of_awards')!;
const svp = kindByCollection('svp')!;
const OPERATOR = 'it.staff@example.gov.ph';

const AWARD_HEADER = 'pr_number,project_title,supplier,mode_of_procurement,link,created';

function awardLine(n: number, created = `2024-03-0${n}T08:00:00Z`): string {
  return `PR-2024-${n},"Road, lot ${n}",Bayanihan Builders,Public Bidding,https://example.org/awards/${n}.pdf,${created}`;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'record-import-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let fileNumber = 0;
async function file(extension: string, text: string): Promise<string> {
  const name = path.join(dir, `import-${++fileNumber}.${extension}`);
  await writeFile(name, text);
  return name;
}

interface Run {
  dryRun?: boolean;
  skipInvalid?: boolean;
  batchSize?: number;
}

async function importFile(
  database: SiteDatabase,
  kind: RecordKind,
  name: string,
  { dryRun = false, skipInvalid = false, batchSize = 2 }: Run = {},
): Promise<ImportResult> {
  const read = name.endsWith('.csv') ? readCsvRows : readJsonRows;
  return runImport({
    database,
    open: () => read(name, kind),
    fileSize: 1,
    dryRun,
    actor: dryRun ? undefined : OPERATOR,
    skipInvalid,
    batchSize,
    rejects: undefined,
    progress: createProgress('off'),
    signal: new AbortController().signal,
    onBadRow: () => {},
    checkDocument: () => Promise.reject(new Error('no documents in these files')),
    storeDocument: () => Promise.reject(new Error('no documents in these files')),
  });
}

async function rowsOf(
  { db }: SiteDatabase,
  kind: RecordKind,
  columns: string[],
): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<Record<string, unknown>>`SELECT ${sql.join(
    ['id', ...columns].map((column) => sql.ref(column)),
  )} FROM ${sql.table(kind.collection)} ORDER BY id`.execute(db);
  return rows;
}

async function countOf({ db }: SiteDatabase, table: string, where = sql`1 = 1`): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}
    WHERE ${where}`.execute(db);
  return Number(rows[0]!.n);
}

async function recordAddedEntries(database: SiteDatabase, collection: string) {
  return (await listAudit(database, { limit: 10_000, action: 'record-added' }))
    .filter((entry) => entry.detail.collection === collection)
    .reverse();
}

describeOnBothEngines('the bulk import', (engine, engineName) => {
  const site = () => engine.site();

  it('stores the rows of a CSV as the file has them, in batches, each audited and attached to a project', async () => {
    const csv = [AWARD_HEADER, awardLine(1), awardLine(2), awardLine(1), awardLine(3), ''].join(
      '\n',
    );
    const result = await importFile(site(), awards, await file('csv', csv));
    expect(result).toMatchObject({
      outcome: 'completed',
      rowsRead: 4,
      imported: 3,
      duplicates: 1,
      rejected: 0,
    });
    const rows = await rowsOf(site(), awards, ['pr_number', 'project_title', 'link', 'created']);
    expect(rows).toEqual([
      {
        id: 1,
        pr_number: 'PR-2024-1',
        project_title: 'Road, lot 1',
        link: 'https://example.org/awards/1.pdf',
        created: '2024-03-01T08:00:00.000Z',
      },
      {
        id: 2,
        pr_number: 'PR-2024-2',
        project_title: 'Road, lot 2',
        link: 'https://example.org/awards/2.pdf',
        created: '2024-03-02T08:00:00.000Z',
      },
      {
        id: 3,
        pr_number: 'PR-2024-3',
        project_title: 'Road, lot 3',
        link: 'https://example.org/awards/3.pdf',
        created: '2024-03-03T08:00:00.000Z',
      },
    ]);
    const entries = await recordAddedEntries(site(), 'notice_of_awards');
    expect(entries.map(({ actor, detail }) => ({ actor, detail }))).toEqual(
      [1, 2, 3].map((id) => ({
        actor: OPERATOR,
        detail: { collection: 'notice_of_awards', id, source: 'import' },
      })),
    );
    // Each imported notice joins a project of its own, in the batch's transaction.
    expect(
      await countOf(site(), 'procurement_project_notices', sql`collection = 'notice_of_awards'`),
    ).toBe(3);
    expect(
      await countOf(site(), 'record_counts', sql`collection = 'notice_of_awards' AND total = 3`),
    ).toBe(1);
  });

  it('skips rows identical to stored records, also in a later import of the same file', async () => {
    const csv = [AWARD_HEADER, awardLine(1), awardLine(2), awardLine(4), awardLine(4), ''].join(
      '\n',
    );
    const result = await importFile(site(), awards, await file('csv', csv), { batchSize: 1000 });
    expect(result).toMatchObject({ outcome: 'completed', imported: 1, duplicates: 3 });
    expect((await rowsOf(site(), awards, ['pr_number'])).map((row) => row.pr_number)).toEqual([
      'PR-2024-1',
      'PR-2024-2',
      'PR-2024-3',
      'PR-2024-4',
    ]);
    // The same row with another created time is the same record: skipped.
    const again = [AWARD_HEADER, awardLine(3, '2025-01-01T00:00:00Z'), ''].join('\n');
    expect(await importFile(site(), awards, await file('csv', again))).toMatchObject({
      imported: 0,
      duplicates: 1,
    });
    expect(await recordAddedEntries(site(), 'notice_of_awards')).toHaveLength(4);
  });

  it('a dry run counts what an import would store, blank optional fields matching blanks, and writes nothing', async () => {
    const items = [
      { pr_number: 'SVP-1', project_title: 'Chairs', link: 'https://example.org/1.pdf' },
      {
        pr_number: 'SVP-2',
        project_title: 'Desks',
        link: 'https://example.org/2.pdf',
        abc: '1,250.50',
        closing_date: '2024-03-20T09:00:00Z',
      },
      // Identical to the first: its blank abc and closing date match the first's blanks.
      { pr_number: 'SVP-1', project_title: 'Chairs', link: 'https://example.org/1.pdf' },
      // The same as the second but for the amount: another record.
      {
        pr_number: 'SVP-2',
        project_title: 'Desks',
        link: 'https://example.org/2.pdf',
        abc: '1,250.51',
        closing_date: '2024-03-20T09:00:00Z',
      },
    ];
    const name = await file('json', JSON.stringify(items));
    const auditBefore = await countOf(site(), 'audit_log');
    const dryRun = await importFile(site(), svp, name, { dryRun: true });
    expect(dryRun).toMatchObject({
      outcome: 'dry-run',
      rowsRead: 4,
      imported: 3,
      duplicates: 1,
      rejected: 0,
    });
    expect(await countOf(site(), 'svp')).toBe(0);
    expect(await countOf(site(), 'audit_log')).toBe(auditBefore);

    const stored = await importFile(site(), svp, name);
    expect(stored).toMatchObject({ outcome: 'completed', imported: 3, duplicates: 1 });
    expect(await rowsOf(site(), svp, ['pr_number', 'abc', 'closing_date'])).toEqual([
      { id: 1, pr_number: 'SVP-1', abc: null, closing_date: null },
      { id: 2, pr_number: 'SVP-2', abc: 125050, closing_date: '2024-03-20T09:00:00.000Z' },
      { id: 3, pr_number: 'SVP-2', abc: 125051, closing_date: '2024-03-20T09:00:00.000Z' },
    ]);
    // Now every row is stored: the dry run says all would be skipped.
    expect(await importFile(site(), svp, name, { dryRun: true })).toMatchObject({
      imported: 0,
      duplicates: 4,
    });
  });

  it('stages and audits a file larger than one multi-row insert, in file order', async () => {
    const bidding = kindByCollection('public_bidding')!;
    const items = Array.from({ length: 700 }, (_, n) => ({
      bid_number: `BID-${n}`,
      project_title: `Project ${n}`,
      link: `https://example.org/bids/${n}.pdf`,
      ...(n % 2 === 0 ? { abc: `${n}.25` } : {}),
    }));
    // The last row repeats the 400th, past the first few statements' rows.
    items.push({ ...items[400]! });
    const name = await file('json', JSON.stringify(items));
    expect(await importFile(site(), bidding, name, { dryRun: true })).toMatchObject({
      imported: 700,
      duplicates: 1,
    });
    const result = await importFile(site(), bidding, name, { batchSize: 1000 });
    expect(result).toMatchObject({ outcome: 'completed', imported: 700, duplicates: 1 });
    const rows = await rowsOf(site(), bidding, ['bid_number', 'abc']);
    expect(rows).toEqual(
      items.slice(0, 700).map((item, n) => ({
        id: n + 1,
        bid_number: item.bid_number,
        abc: n % 2 === 0 ? n * 100 + 25 : null,
      })),
    );
    const entries = await recordAddedEntries(site(), 'public_bidding');
    expect(entries.map((entry) => entry.detail.id)).toEqual(rows.map((row) => row.id));
  });

  it('reports bad rows by line and stores nothing, or the good rows with --skip-invalid', async () => {
    const csv = [
      AWARD_HEADER,
      awardLine(7),
      'PR-2024-8,,Bayanihan Builders,Public Bidding,https://example.org/awards/8.pdf,2024-03-08',
      awardLine(9),
      '',
    ].join('\n');
    const name = await file('csv', csv);
    const before = await countOf(site(), 'notice_of_awards');
    const refused = await importFile(site(), awards, name);
    expect(refused).toMatchObject({ outcome: 'refused', rowsRead: 3, imported: 0, rejected: 1 });
    expect(refused.badRows).toEqual([
      {
        collection: 'notice_of_awards',
        place: { line: 3 },
        errors: { project_title: expect.any(String) as string },
      },
    ]);
    expect(await countOf(site(), 'notice_of_awards')).toBe(before);

    const skipped = await importFile(site(), awards, name, { skipInvalid: true });
    expect(skipped).toMatchObject({ outcome: 'completed', imported: 2, rejected: 1 });
    expect(await countOf(site(), 'notice_of_awards')).toBe(before + 2);
  });

  it('commits a batch whole or not at all: a failure after the copy leaves no record, entry or project', async () => {
    const reports = kindByCollection('reports')!;
    const auditBefore = await countOf(site(), 'audit_log');
    const projectsBefore = await countOf(site(), 'procurement_projects');
    const failure = withImportStaging(site(), async (staging) => {
      await staging.add([
        {
          kind: awards,
          values: {
            pr_number: 'PR-FAIL-1',
            project_title: 'Stored, then rolled back',
            supplier: 'ACME',
            mode_of_procurement: 'Shopping',
            link: 'https://example.org/fail-1.pdf',
          },
          created: new Date('2024-04-01T00:00:00Z'),
        },
        {
          kind: awards,
          values: {
            pr_number: 'PR-FAIL-2',
            project_title: 'Names a project that is gone',
            supplier: 'ACME',
            mode_of_procurement: 'Shopping',
            link: 'https://example.org/fail-2.pdf',
          },
          created: new Date('2024-04-02T00:00:00Z'),
          projectId: 999_999,
        },
        {
          kind: reports,
          values: { title: 'Report', report_description: 'Q1', link: 'https://example.org/r.pdf' },
          created: new Date('2024-04-03T00:00:00Z'),
        },
      ]);
      expect(staging.count()).toBe(3);
      return staging.commit(1, 3, [], { actor: OPERATOR });
    });
    await expect(failure).rejects.toThrow(/foreign key/i);
    expect(await countOf(site(), 'notice_of_awards', sql`pr_number LIKE 'PR-FAIL-%'`)).toBe(0);
    expect(await countOf(site(), 'reports')).toBe(0);
    expect(await countOf(site(), 'audit_log')).toBe(auditBefore);
    expect(await countOf(site(), 'procurement_projects')).toBe(projectsBefore);
    // The connection is usable again, without a staging table left behind.
    expect(await countOf(site(), 'notice_of_awards')).toBeGreaterThan(0);
  });

  it('stores a staged document with its entry in the batch that first names it', async () => {
    await createStaff(site(), {
      email: OPERATOR,
      displayName: 'IT staff',
      passwordHash: 'not-a-real-hash',
    });
    const sha256 = 'b'.repeat(64);
    const document = {
      sha256,
      bytes: 1234,
      type: 'application/pdf',
      fileName: 'notice.pdf',
      path: '/imports/notice.pdf',
    };
    const link = `/documents/${sha256}/notice.pdf`;
    const result = await withImportStaging(site(), async (staging) => {
      const values = (n: number) => ({
        pr_number: `PR-DOC-${n}`,
        project_title: `With a notice ${n}`,
        supplier: 'ACME',
        mode_of_procurement: 'Shopping',
        link,
      });
      await staging.add(
        [1, 2, 3].map((n) => ({
          kind: awards,
          values: values(n),
          created: new Date(`2024-05-0${n}T00:00:00Z`),
          document,
        })),
      );
      expect(await staging.documentsFirstIn(2, 3)).toEqual([]);
      const documents = await staging.documentsFirstIn(1, 2);
      expect(documents).toEqual([document]);
      const first = await staging.commit(1, 2, documents, { actor: OPERATOR });
      const second = await staging.commit(3, 3, [], { actor: OPERATOR });
      return [first, second];
    });
    expect(result).toEqual([2, 1]);
    expect(await countOf(site(), 'notice_of_awards', sql`link = ${link}`)).toBe(3);
    const { rows } = await sql<{
      bytes: number;
      name: string;
    }>`SELECT bytes, file_name AS name FROM documents WHERE sha256 = ${sha256}`.execute(site().db);
    expect(rows.map((row) => ({ ...row, bytes: Number(row.bytes) }))).toEqual([
      { bytes: 1234, name: 'notice.pdf' },
    ]);
    const uploaded = await listAudit(site(), { limit: 10, action: 'document-uploaded' });
    expect(uploaded.map((entry) => entry.detail.sha256)).toEqual([sha256]);
  });

  it(`compares optional fields null-safely and required ones with = (${engineName})`, async () => {
    const { db } = site();
    const compare = async (optional: boolean, left: string | null, right: string | null) => {
      const field = optional ? { optional: true as const } : {};
      const { rows } = await sql<{ same: number }>`SELECT CASE WHEN ${sameValue(
        engineName,
        field,
        sql`CAST(${left} AS text)`,
        sql`CAST(${right} AS text)`,
      )} THEN 1 ELSE 0 END AS same`.execute(db);
      return Number(rows[0]!.same);
    };
    expect(await compare(true, null, null)).toBe(1);
    expect(await compare(true, 'a', null)).toBe(0);
    expect(await compare(true, 'a', 'a')).toBe(1);
    expect(await compare(false, 'a', 'a')).toBe(1);
    expect(await compare(false, 'a', 'b')).toBe(0);
  });
});
