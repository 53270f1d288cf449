import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { amendRecord, withdrawRecord } from '../../db/records/record-amendments.ts';
import { insertRecordsNow, type RecordValues } from '../../db/records/record-queries.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { cli, OPERATOR, useWorkspace } from './cli-harness.ts';

const SITE = 'https://procurement.example.gov.ph';
const awards = kindByCollection('notice_of_awards')!;
const reports = kindByCollection('reports')!;

function award(title: string, created: string, extra: RecordValues = {}) {
  return {
    values: {
      pr_number: `PR-${created.slice(0, 10)}`,
      project_title: title,
      supplier: 'Bayanihan Builders',
      mode_of_procurement: 'Public Bidding',
      link: `https://docs.example.org/${encodeURIComponent(title)}.pdf`,
      ...extra,
    },
    created: new Date(created),
  };
}

/** Runs the CLI with SITE_URL set for that one child process. */
async function withSiteUrl<T>(run: () => Promise<T>): Promise<T> {
  const before = process.env.SITE_URL;
  process.env.SITE_URL = SITE;
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = before;
  }
}

describe('municipal export', () => {
  const space = useWorkspace({ operator: true, scope: 'all' });
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const database = space.database();
    try {
      const stored = insertRecordsNow(database, awards, [
        award('Old road, "phase 1"', '2024-01-05T02:00:00.000Z', { contract_amount: '950000.00' }),
        award('Amended later', '2024-02-05T02:00:00.000Z'),
        award('=Formula title', '2026-01-05T02:00:00.000Z'),
        award('Withdrawn notice', '2026-01-06T02:00:00.000Z'),
      ]);
      for (const record of stored) ids[record.project_title!] = record.id;
      insertRecordsNow(database, reports, [
        {
          values: {
            title: 'Annual report',
            report_description: 'All of 2025',
            link: 'https://r.example/a',
          },
          created: new Date('2026-01-07T02:00:00.000Z'),
        },
      ]);
      await amendRecord(database, awards, ids['Amended later']!, {
        fields: { supplier: 'Mabuhay Supply Co.' },
        reason: 'Supplier name corrected',
        version: 1,
        actor: OPERATOR,
        address: null,
      });
      await withdrawRecord(database, awards, ids['Withdrawn notice']!, {
        reason: 'Posted by mistake',
        actor: OPERATOR,
        address: null,
      });
    } finally {
      await database.close();
    }
  });

  it('writes a collection as the CSV the site downloads, to standard output', async () => {
    const result = await space.run(['export', 'notice_of_awards', '--format', 'csv']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith('\uFEFFid,pr_number,project_title,supplier,')).toBe(true);
    const rows = parse(result.stdout, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.project_title)).toEqual([
      "'=Formula title",
      'Amended later',
      'Old road, "phase 1"',
    ]);
    expect(rows[1]).toMatchObject({ supplier: 'Mabuhay Supply Co.', status: 'published' });
    expect(rows[2]).toMatchObject({
      contract_amount: '950000.00',
      // Manila time with its offset (10:00 AM), as people read it; JSON keeps UTC.
      created: '2024-01-05T10:00:00.000+08:00',
      // No SITE_URL in this environment: permalinks stay site-relative.
      url: `/notice-of-award/${ids['Old road, "phase 1"']}`,
    });
  });

  it('writes JSON as {items} of API records, and NDJSON one per line', async () => {
    const json = await space.run(['export', 'notice_of_award', '--format', 'json']);
    expect(json.code).toBe(0);
    const { items } = JSON.parse(json.stdout) as { items: Record<string, unknown>[] };
    expect(items.map((item) => item.id)).toEqual([
      ids['=Formula title'],
      ids['Amended later'],
      ids['Old road, "phase 1"'],
    ]);
    expect(items[2]).toEqual({
      id: ids['Old road, "phase 1"'],
      pr_number: 'PR-2024-01-05',
      project_title: 'Old road, "phase 1"',
      supplier: 'Bayanihan Builders',
      mode_of_procurement: 'Public Bidding',
      philgeps_reference: null,
      contract_amount: '950000.00',
      link: 'https://docs.example.org/Old%20road%2C%20%22phase%201%22.pdf',
      created: '2024-01-05T02:00:00.000Z',
    });

    const ndjson = await space.run(['export', 'notice_of_awards', '--format', 'ndjson']);
    expect(ndjson.code).toBe(0);
    const lines = ndjson.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual(items);
  });

  it('exports every collection with "all", each object naming its collection', async () => {
    const result = await space.run(['export', 'all', '--format', 'ndjson']);
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => `${line.collection} ${line.id}`)).toEqual([
      `notice_of_awards ${ids['=Formula title']}`,
      `notice_of_awards ${ids['Amended later']}`,
      `notice_of_awards ${ids['Old road, "phase 1"']}`,
      'reports 1',
    ]);
    const csv = await space.run(['export', 'all', '--format', 'csv']);
    expect(csv.code).toBe(2);
    expect(csv.stderr).toContain('A CSV file holds one collection');
  });

  it('keeps only records posted or changed since --since', async () => {
    const result = await space.run([
      'export',
      'notice_of_awards',
      '--format',
      'json',
      '--since',
      '2025-01-01',
    ]);
    expect(result.code).toBe(0);
    const { items } = JSON.parse(result.stdout) as { items: { project_title: string }[] };
    // The amended one was posted in 2024 but changed today.
    expect(items.map((item) => item.project_title)).toEqual(['=Formula title', 'Amended later']);
    const bad = await space.run(['export', 'reports', '--format', 'json', '--since', 'yesterday']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--since must be a real date and time');
  });

  it('writes CSV to standard output when no format is said, NDJSON for all collections', async () => {
    const plain = await space.run(['export', 'notice_of_awards']);
    expect(plain.stderr).toBe('');
    expect(plain.code).toBe(0);
    expect(plain.stdout).toBe(
      (await space.run(['export', 'notice_of_awards', '--format', 'csv'])).stdout,
    );
    const all = await space.run(['export', 'all']);
    expect(all.code).toBe(0);
    expect(all.stdout).toBe((await space.run(['export', 'all', '--format', 'ndjson'])).stdout);
  });

  it('writes --out only once complete, taking the format from its extension', async () => {
    const out = path.join(space.dir, 'awards.ndjson');
    const result = await space.run(['export', 'notice_of_awards', '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`Exported 3 records to ${out}.\n`);
    expect((await readFile(out, 'utf8')).trimEnd().split('\n')).toHaveLength(3);
    expect((await readdir(space.dir)).filter((name) => name.endsWith('.partial'))).toEqual([]);
    const unknown = await space.run([
      'export',
      'notice_of_awards',
      '--out',
      path.join(space.dir, 'x.txt'),
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--format csv, json, ndjson or ocds');
  });

  it('refuses an unknown collection and a missing database', async () => {
    const unknown = await space.run(['export', 'awards', '--format', 'csv']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown collection "awards"');
    const missing = await cli(path.join(space.dir, 'nowhere'), [
      'export',
      'all',
      '--format',
      'json',
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('There is no database at');
    expect(existsSync(path.join(space.dir, 'nowhere'))).toBe(false);
  });

  it('writes an OCDS release package of the collection, withdrawals included, with SITE_URL', async () => {
    const without = await space.run(['export', 'all', '--format', 'ocds']);
    expect(without.code).toBe(2);
    expect(without.stderr).toContain('set SITE_URL');

    const result = await withSiteUrl(() =>
      space.run(['export', 'notice_of_awards', '--format', 'ocds']),
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const releasePackage = JSON.parse(result.stdout) as {
      version: string;
      uri: string;
      publisher: { name: string };
      releases: { id: string; date: string; tag: string[] }[];
    };
    expect(releasePackage.version).toBe('1.1');
    expect(releasePackage.uri).toBe(`${SITE}/ocds/releases.json`);
    const releaseIds = releasePackage.releases.map((release) => release.id);
    // Four postings, one correction, one withdrawal; the report is another collection.
    expect(releaseIds).toHaveLength(6);
    for (const id of releaseIds) expect(id).toMatch(/^notice_of_awards-\d+-v\d+$/);
    expect(releaseIds).toContain(`notice_of_awards-${ids['Amended later']}-v2`);
    expect(releaseIds).toContain(`notice_of_awards-${ids['Withdrawn notice']}-v2`);
    const dates = releasePackage.releases.map((release) => release.date);
    expect(dates).toEqual([...dates].sort());

    const since = await withSiteUrl(() =>
      space.run(['export', 'all', '--format', 'ocds', '--since', '2025-01-01']),
    );
    const recent = (JSON.parse(since.stdout) as { releases: { id: string }[] }).releases;
    expect(recent.map((release) => release.id).sort()).toEqual(
      [
        `notice_of_awards-${ids['=Formula title']}-v1`,
        `notice_of_awards-${ids['Withdrawn notice']}-v1`,
        `notice_of_awards-${ids['Amended later']}-v2`,
        `notice_of_awards-${ids['Withdrawn notice']}-v2`,
        'reports-1-v1',
      ].sort(),
    );
  });
});
