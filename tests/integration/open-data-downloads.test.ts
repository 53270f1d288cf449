import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { SiteDatabase } from '../../db/site-database.ts';
import { amendRecord, withdrawRecord } from '../../db/records/record-amendments.ts';
import { insertRecords, type RecordValues } from '../../db/records/record-queries.ts';
import { kindByCollection, type RecordKind } from '../../shared/record-kinds.ts';
import { addOperator, OPERATOR, workspace } from './cli-harness.ts';
import { createTestApp, useTestApp } from '../helpers/test-app.ts';

const SITE = 'https://procurement.example.gov.ph';
const ORIGIN = 'https://newsroom.example.org';
const bidding = kindByCollection('public_bidding')!;
const awards = kindByCollection('notice_of_awards')!;
const svp = kindByCollection('svp')!;
const reports = kindByCollection('reports')!;
const SHA = 'ab'.repeat(32);

/** Values that CSV, spreadsheets and XML each have their own trouble with. */
const awkward: { values: RecordValues; created: Date }[] = [
  {
    values: {
      bid_number: '=HYPERLINK("https://evil.example","Click")',
      project_title: 'Concreting, "Phase 2"\r\nof the Purok 3 road',
      philgeps_reference: '+63 917 555 0100',
      abc: '1234567.89',
      closing_date: '2026-02-03T06:00:00.000Z',
      link: `/documents/${SHA}/notice.pdf`,
    },
    created: new Date('2026-01-10T02:00:00.000Z'),
  },
  {
    values: {
      bid_number: '-5',
      project_title: '@SUM(A1:A9) Peñafrancia ₱ bridge 🚧',
      link: 'https://docs.example.org/b.pdf',
    },
    created: new Date('2026-01-09T02:00:00.000Z'),
  },
  {
    values: {
      bid_number: "'=already quoted",
      project_title: "''+two apostrophes <b>&amp;",
      abc: '0.50',
      link: 'https://docs.example.org/c.pdf',
    },
    created: new Date('2026-01-08T02:00:00.000Z'),
  },
];

/**
 * Cells a spreadsheet could split where the decimal mark is a comma (it splits on `;`),
 * or on a tab, or a reader could end a row in: each must be quoted, and import back as it was.
 */
const splittable: { values: RecordValues; created: Date }[] = [
  {
    values: {
      pr_number: ';=1+1',
      project_title: 'a;b',
      supplier: 'Tab\there, "quoted" supplier',
      mode_of_procurement: 'Line one\nline two\rline three\r\nline four',
      link: 'https://docs.example.org/split.pdf',
    },
    created: new Date('2025-06-01T02:00:00.000Z'),
  },
  {
    values: {
      pr_number: 'PR;2025;\t@7',
      project_title: ';-5% "discount";+63',
      supplier: 'Supplier on\ntwo lines',
      mode_of_procurement: 'Shopping\rwith a lone CR',
      link: 'https://docs.example.org/split-2.pdf',
    },
    created: new Date('2025-06-02T02:00:00.000Z'),
  },
];

function svpRecord(title: string, created: string): { values: RecordValues; created: Date } {
  return {
    values: {
      pr_number: `PR-${created.slice(0, 10)}`,
      project_title: title,
      link: `https://docs.example.org/${encodeURIComponent(title)}.pdf`,
    },
    created: new Date(created),
  };
}

/** Spread over days, with a search word in some, and two right at a Manila midnight. */
const svpRecords = [
  svpRecord('Laguerta Creek desilting', '2019-02-10T01:00:00.000Z'),
  svpRecord('Day care roofing', '2019-02-28T15:59:59.999Z'),
  svpRecord('Laguerta Creek riprap', '2019-02-28T16:00:00.000Z'),
  svpRecord('Niña health station', '2019-03-15T03:00:00.000Z'),
  svpRecord('laguerta CREEK footbridge', '2019-03-31T15:59:59.999Z'),
  svpRecord('Covered court <lights> & "sound"', '2019-03-31T16:00:00.000Z'),
  svpRecord('Laguerta Creek withdrawn notice', '2019-03-20T03:00:00.000Z'),
];

const csvOf = (response: LightMyRequestResponse) =>
  parse(response.rawPayload, { bom: true, columns: true }) as Record<string, string>[];

const atomParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  isArray: (name) => ['entry', 'link', 'id', 'title', 'updated'].includes(name),
});

interface AtomLink {
  rel: string;
  href: string;
  type?: string;
}
interface AtomEntry {
  id: string[];
  title: (string | { '#text': string })[];
  updated: string[];
  link: AtomLink[];
  summary: string | { '#text': string };
}

function textOf(value: string | { '#text': string }): string {
  return typeof value === 'string' ? value : value['#text'];
}

function atomOf(response: LightMyRequestResponse) {
  const { feed } = atomParser.parse(response.body, true) as {
    feed: {
      id: string[];
      title: unknown[];
      updated: string[];
      link: AtomLink[];
      author: { name: string };
      entry?: AtomEntry[];
    };
  };
  return { ...feed, entry: feed.entry ?? [] };
}

describe('open data downloads and feeds', () => {
  const testApp = useTestApp({ SITE_URL: SITE, TRUST_PROXY: '1', DEMO_RECORDS: 'true' });
  let withdrawnId: number;

  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });

  /** Every id of a list view, read through the paged API as the list page reads it. */
  async function apiIds(kind: RecordKind, query: string): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page += 1) {
      const response = await get(`/api/records/${kind.collection}?${query}&page=${page}`);
      expect(response.statusCode).toBe(200);
      const { items } = response.json() as { items: { id: number }[] };
      if (items.length === 0) return ids;
      ids.push(...items.map((item) => item.id));
    }
  }

  /** The stored columns of a kind's published records, ids left out, in an order ids cannot change. */
  async function storedRecords(
    { db }: SiteDatabase,
    kind: RecordKind,
  ): Promise<Record<string, unknown>[]> {
    const columns = [...kind.fields.map((field) => field.name), 'created'].map((name) =>
      sql.ref(name),
    );
    const { rows } = await sql<Record<string, unknown>>`SELECT ${sql.join(columns)}
      FROM ${sql.table(kind.collection)} WHERE withdrawn_at IS NULL`.execute(db);
    return rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }

  beforeAll(async () => {
    const database = testApp.site;
    await insertRecords(database, bidding, awkward);
    await insertRecords(database, awards, splittable);
    const stored = await insertRecords(database, svp, svpRecords);
    withdrawnId = stored.at(-1)!.id;
    await withdrawRecord(database, svp, withdrawnId, {
      reason: 'Posted twice',
      actor: 'bac@example.gov.ph',
      address: null,
    });
    // Not a value the forms or the import let in (they trim), but one a database may hold.
    await insertRecords(database, reports, [
      {
        values: {
          title: '\tTabbed title',
          report_description: '\rCarriage',
          link: 'https://r.example/x',
        },
        created: new Date('2024-01-01T00:00:00.000Z'),
      },
    ]);
  });

  describe('CSV', () => {
    it('is UTF-8 with a byte order mark, CRLF line ends and RFC 4180 quoting, named as an attachment', async () => {
      const response = await get('/public-bidding.csv');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="public-bidding.csv"',
      );
      const bytes = response.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.subarray(3).toString('utf8');
      expect(text.split('\r\n')[0]).toBe(
        'id,bid_number,project_title,philgeps_reference,abc,closing_date,link,created,status,url,document_sha256',
      );
      expect(text.endsWith('\r\n')).toBe(true);
      // Every line break is CRLF, the one inside the quoted title included.
      expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
      expect(text).toContain('"Concreting, ""Phase 2""\r\nof the Purok 3 road"');
      expect(text).toContain('@SUM(A1:A9) Peñafrancia ₱ bridge 🚧');
      const rows = csvOf(response);
      // A hosted document's link is absolute, as a spreadsheet has no page to resolve it against.
      const first = rows.find((row) => row.link === `${SITE}/documents/${SHA}/notice.pdf`)!;
      expect(first).toMatchObject({
        project_title: 'Concreting, "Phase 2"\r\nof the Purok 3 road',
        abc: '1234567.89',
        // Manila time with its offset: a spreadsheet shows 2:00 PM, not 06:00Z.
        closing_date: '2026-02-03T14:00:00.000+08:00',
        created: '2026-01-10T10:00:00.000+08:00',
        status: 'published',
        url: `${SITE}/public-bidding/${first.id}`,
        document_sha256: SHA,
      });
      expect(rows.find((row) => row.abc === '0.50')!.document_sha256).toBe('');
    });

    it('neutralises cells a spreadsheet would run as formulas, reversibly', async () => {
      const rows = csvOf(await get('/public-bidding.csv'));
      const cells = rows.flatMap((row) => Object.values(row));
      expect(cells).toContain(`'=HYPERLINK("https://evil.example","Click")`);
      expect(cells).toContain("'+63 917 555 0100");
      expect(cells).toContain("'-5");
      expect(cells).toContain("'@SUM(A1:A9) Peñafrancia ₱ bridge 🚧");
      // Already starting with apostrophes: one more, so the import can take exactly one away.
      expect(cells).toContain("''=already quoted");
      expect(cells).toContain("'''+two apostrophes <b>&amp;");
      const reportCells = csvOf(await get('/bids-reports.csv')).flatMap((row) =>
        Object.values(row),
      );
      expect(reportCells).toContain("'\tTabbed title");
      expect(reportCells).toContain("'\rCarriage");
      for (const cell of [...cells, ...reportCells]) {
        expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }
    });

    it('quotes every cell holding ;, a comma, a quote, a tab or a line break', async () => {
      const text = (await get('/notice-of-award.csv')).rawPayload.subarray(3).toString('utf8');
      expect(text).toContain('";=1+1","a;b","Tab\there, ""quoted"" supplier"');
      expect(text).toContain('"Line one\nline two\rline three\r\nline four"');
      expect(text).toContain(
        '"PR;2025;\t@7",";-5% ""discount"";+63","Supplier on\ntwo lines","Shopping\rwith a lone CR"',
      );
      const cells = csvOf(await get('/notice-of-award.csv')).flatMap((row) => Object.values(row));
      const splittableCells = cells.filter((cell) => /[;,"\t\r\n]/.test(cell));
      expect(splittableCells.length).toBeGreaterThanOrEqual(8);
      for (const cell of splittableCells) {
        expect(text).toContain(`"${cell.replaceAll('"', '""')}"`);
      }
    });

    it('imports cells with ;, tabs, quotes and line breaks back exactly', async () => {
      const response = await get('/notice-of-award.csv');
      const space = await workspace();
      try {
        await addOperator(space);
        const file = await space.file('notice-of-award.csv', response.rawPayload);
        const result = await space.run(['import', 'notice_of_awards', file, '--as', OPERATOR]);
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        const imported = space.database();
        try {
          const stored = await storedRecords(imported, awards);
          expect(stored).toEqual(await storedRecords(testApp.site, awards));
          expect(stored).toEqual(
            expect.arrayContaining(
              splittable.map(({ values, created }) =>
                expect.objectContaining({ ...values, created: created.toISOString() }),
              ),
            ),
          );
        } finally {
          await imported.close();
        }
      } finally {
        await space.cleanup();
      }
    });

    it('imports into an empty database as the same records, field by field', async () => {
      const response = await get('/public-bidding.csv');
      const space = await workspace();
      try {
        await addOperator(space);
        const file = await space.file('public-bidding.csv', response.rawPayload);
        const result = await space.run(['import', 'public_bidding', file, '--as', OPERATOR]);
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        const imported = space.database();
        try {
          // The hosted document's link comes back as the absolute address the CSV gives.
          const expected = (await storedRecords(testApp.site, bidding)).map((record) =>
            record.link === `/documents/${SHA}/notice.pdf`
              ? { ...record, link: `${SITE}${record.link}` }
              : record,
          );
          expect(expected.length).toBeGreaterThan(awkward.length);
          expect(await storedRecords(imported, bidding)).toEqual(expected);
        } finally {
          await imported.close();
        }
      } finally {
        await space.cleanup();
      }
    });

    it('holds the same records as the list with the same q, from and to, newest first, withdrawn ones left out', async () => {
      const queries = [
        '',
        'q=laguerta',
        'q=ña',
        'from=2019-03-01&to=2019-03-31',
        'q=Laguerta&from=2019-03-01',
        'to=2019-02-28',
        'q=nothing-like-this',
      ];
      for (const query of queries) {
        const expected = await apiIds(svp, query);
        const csvIds = csvOf(await get(`/bid-svp.csv?${query}`)).map((row) => Number(row.id));
        const { items } = (await get(`/bid-svp.json?${query}`)).json() as {
          items: { id: number }[];
        };
        expect(csvIds, query).toEqual(expected);
        expect(
          items.map((item) => item.id),
          query,
        ).toEqual(expected);
        expect(csvIds).not.toContain(withdrawnId);
      }
      // The Manila day boundaries, as the list applies them.
      const march = csvOf(await get('/bid-svp.csv?from=2019-03-01&to=2019-03-31')).map(
        (row) => row.project_title,
      );
      expect(march).toEqual([
        'laguerta CREEK footbridge',
        'Niña health station',
        'Laguerta Creek riprap',
      ]);
      const laguerta = csvOf(await get('/bid-svp.csv?q=laguerta')).map((row) => row.project_title);
      expect(laguerta).toEqual([
        'laguerta CREEK footbridge',
        'Laguerta Creek riprap',
        'Laguerta Creek desilting',
      ]);
    });

    it('answers bad list parameters with 400 and the reason', async () => {
      const csv = await get('/bid-svp.csv?from=2019-02-30');
      expect(csv.statusCode).toBe(400);
      expect(csv.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(csv.body).toBe(
        'The from date must be a real date written YYYY-MM-DD, like 2026-03-05.\n',
      );
      const json = await get('/bid-svp.json?q=a&q=b');
      expect(json.statusCode).toBe(400);
      expect(json.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Give q and page at most once each.',
      });
      const backwards = await get('/bid-svp.atom?from=2019-03-02&to=2019-03-01');
      expect(backwards.statusCode).toBe(400);
      expect(backwards.body).toBe('The from date must not be after the to date.\n');
    });

    it('gives site-relative permalinks without SITE_URL on a public listener', async () => {
      const plain = await createTestApp({ HOST: '0.0.0.0', DEMO_RECORDS: 'true' });
      try {
        const response = await plain.app.inject({ url: '/notice-of-award.csv' });
        expect(response.statusCode).toBe(200);
        expect(csvOf(response).length).toBeGreaterThan(0);
        for (const row of csvOf(response)) expect(row.url).toBe(`/notice-of-award/${row.id}`);
      } finally {
        await plain.close();
      }
    });
  });

  it('gives a hosted document as an absolute address in the CSV and the feed, and keeps a web address as it is', async () => {
    const hosted = (await get('/public-bidding.atom')).body;
    const entry = atomOf({ body: hosted } as LightMyRequestResponse).entry.find((item) =>
      textOf(item.summary).includes('Purok 3 road'),
    )!;
    expect(textOf(entry.summary)).toContain(`Link: ${SITE}/documents/${SHA}/notice.pdf`);
    const links = csvOf(await get('/public-bidding.csv')).map((row) => row.link);
    expect(links).toContain(`${SITE}/documents/${SHA}/notice.pdf`);
    expect(links).toContain('https://docs.example.org/b.pdf');
    expect(links).not.toContain(`/documents/${SHA}/notice.pdf`);
  });

  describe('JSON', () => {
    it('is {items} of the list API’s record objects, every match and not a page', async () => {
      const response = await get('/bid-svp.json?q=laguerta');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="bid-svp-search.json"',
      );
      const body = response.json() as { items: unknown[] };
      expect(Object.keys(body)).toEqual(['items']);
      const pages = [1, 2].map(
        async (page) =>
          (await get(`/api/records/svp?q=laguerta&page=${page}`)).json() as { items: unknown[] },
      );
      // A list row also names the project it is part of, for the page's link; a download
      // holds the records alone.
      const apiItems = (await Promise.all(pages))
        .flatMap((page) => page.items as { project?: unknown }[])
        .map(({ project, ...record }) => {
          expect(project).toBeNull();
          return record;
        });
      expect(body.items).toHaveLength(3);
      expect(body.items).toEqual(apiItems);

      const amounts = (await get('/public-bidding.json')).json() as {
        items: Record<string, unknown>[];
      };
      expect(amounts.items.find((item) => item.abc === '1234567.89')).toMatchObject({
        closing_date: '2026-02-03T06:00:00.000Z',
        philgeps_reference: '+63 917 555 0100',
        created: '2026-01-10T02:00:00.000Z',
      });
      const empty = (await get('/bid-svp.json?q=nothing-like-this')).json();
      expect(empty).toEqual({ items: [] });
    });
  });

  describe('Atom', () => {
    it('is an Atom 1.0 feed with one id, title and updated per entry and absolute permalinks', async () => {
      const response = await get('/bid-svp.atom');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      expect(response.body).toMatch(
        /^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom"/,
      );
      const feed = atomOf(response);
      expect(feed.id).toEqual([`${SITE}/bid-svp.atom`]);
      expect(feed.title).toHaveLength(1);
      expect(feed.updated).toHaveLength(1);
      expect(feed.link).toContainEqual({
        rel: 'self',
        type: 'application/atom+xml',
        href: `${SITE}/bid-svp.atom`,
      });
      expect(feed.link).toContainEqual({
        rel: 'alternate',
        type: 'text/html',
        href: `${SITE}/bid-svp`,
      });
      expect(feed.author.name).toMatch(/^Bids and Awards Committee, /);
      expect(feed.entry.length).toBeGreaterThan(svpRecords.length);
      expect(feed.entry.length).toBeLessThanOrEqual(50);
      for (const entry of feed.entry) {
        expect(entry.id).toHaveLength(1);
        expect(entry.title).toHaveLength(1);
        expect(entry.updated).toHaveLength(1);
        expect(Date.parse(entry.updated[0]!)).not.toBeNaN();
        const alternate = entry.link.filter((link) => link.rel === 'alternate');
        expect(alternate).toHaveLength(1);
        expect(alternate[0]!.href).toMatch(new RegExp(`^${SITE}/bid-svp/\\d+$`));
        expect(entry.id[0]).toBe(alternate[0]!.href);
      }
      const updated = feed.entry.map((entry) => entry.updated[0]!);
      expect(updated).toEqual([...updated].sort().reverse());
      expect(feed.updated[0]).toBe(updated[0]);
      const titles = feed.entry.map((entry) => textOf(entry.title[0]!));
      // Escaped on the way out, read back as written.
      expect(titles).toContain('Small Value Procurement (SVP): Covered court <lights> & "sound"');
      // A withdrawal is news too: its entry says so.
      const withdrawn = feed.entry.find(
        (entry) => entry.id[0] === `${SITE}/bid-svp/${withdrawnId}`,
      )!;
      expect(textOf(withdrawn.title[0]!)).toBe(
        'Withdrawn: Small Value Procurement (SVP): Laguerta Creek withdrawn notice',
      );
      expect(textOf(withdrawn.summary)).toMatch(/^Withdrawn on .*: Posted twice/);
    });

    it('follows a search: q, from and to as on the list, the search’s withdrawals included', async () => {
      const feed = atomOf(await get('/bid-svp.atom?q=laguerta'));
      expect(feed.id).toEqual([`${SITE}/bid-svp.atom?q=laguerta`]);
      expect(feed.link).toContainEqual({
        rel: 'alternate',
        type: 'text/html',
        href: `${SITE}/bid-svp?q=laguerta`,
      });
      expect(feed.entry.map((entry) => textOf(entry.title[0]!).replace(/^.*: /, ''))).toEqual([
        'Laguerta Creek withdrawn notice',
        'laguerta CREEK footbridge',
        'Laguerta Creek riprap',
        'Laguerta Creek desilting',
      ]);
      const march = atomOf(await get('/bid-svp.atom?q=laguerta&from=2019-03-01&to=2019-03-31'));
      expect(march.entry).toHaveLength(3);
    });

    it('moves an amended record to the top with a new updated time, in its list’s feed and the all-kinds feed', async () => {
      const before = await get('/bid-svp.atom');
      const target = svpRecords.findIndex(
        (record) => record.values.project_title === 'Day care roofing',
      );
      const { id } = await testApp.site.db
        .selectFrom('svp')
        .select('id')
        .where('project_title', '=', svpRecords[target]!.values.project_title!)
        .executeTakeFirstOrThrow();
      const oldEntry = atomOf(before).entry.find(
        (entry) => entry.id[0] === `${SITE}/bid-svp/${id}`,
      )!;
      expect(oldEntry.updated[0]).toBe('2019-02-28T15:59:59.999Z');
      const outcome = await amendRecord(testApp.site, svp, id, {
        fields: { project_title: 'Day care roofing and ceiling' },
        reason: 'Scope corrected',
        version: 1,
        actor: 'bac@example.gov.ph',
        address: null,
      });
      expect(outcome.ok).toBe(true);
      const changedAt = outcome.ok ? outcome.record.updated : '';
      const after = await get('/bid-svp.atom');
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const feed = atomOf(after);
      expect(feed.entry[0]!.id[0]).toBe(`${SITE}/bid-svp/${id}`);
      expect(feed.entry[0]!.updated[0]).toBe(changedAt);
      expect(feed.updated[0]).toBe(changedAt);
      expect(textOf(feed.entry[0]!.title[0]!)).toBe(
        'Small Value Procurement (SVP): Day care roofing and ceiling',
      );
      expect(textOf(feed.entry[0]!.summary)).toMatch(/^Amended \(version 2\)\./);

      const all = atomOf(await get('/procurement.atom'));
      expect(all.id).toEqual([`${SITE}/procurement.atom`]);
      expect(all.entry).toHaveLength(50);
      expect(all.entry[0]!.id[0]).toBe(`${SITE}/bid-svp/${id}`);
      expect(all.updated[0]).toBe(changedAt);
      for (const entry of all.entry) expect(entry.id[0]!.startsWith(`${SITE}/`)).toBe(true);
    });

    it('answers 404 with the reason when SITE_URL is not set on a public listener, as Atom needs absolute URLs', async () => {
      const plain = await createTestApp({ HOST: '0.0.0.0' });
      try {
        for (const url of ['/bid-svp.atom', '/procurement.atom']) {
          const response = await plain.app.inject({ url });
          expect(response.statusCode).toBe(404);
          expect(response.body).toBe(
            "No feed: SITE_URL is not configured on this server, and Atom needs absolute URLs. Set SITE_URL to the site's public address, e.g. https://procurement.example.gov.ph, and restart.\n",
          );
        }
        const page = await plain.app.inject({ url: '/bid-svp' });
        expect(page.body).toContain('>CSV</a>');
        expect(page.body).not.toContain('application/atom+xml');
      } finally {
        await plain.close();
      }
    });
  });

  describe('list pages', () => {
    it('link to the downloads and the feed of the list as filtered, and name the feed in the head', async () => {
      const response = await get('/bid-svp?q=laguerta&from=2019-03-01&page=2');
      expect(response.statusCode).toBe(200);
      const html = response.body;
      const query = 'q=laguerta&amp;from=2019-03-01';
      expect(html).toContain(`<a href="/bid-svp.csv?${query}">CSV</a>`);
      expect(html).toContain(`<a href="/bid-svp.json?${query}">JSON</a>`);
      expect(html).toContain(`<a href="/bid-svp.atom?${query}">Atom feed</a>`);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toMatch(
        new RegExp(
          `<link rel="alternate" type="application/atom\\+xml" title="[^"]+" href="/bid-svp.atom\\?${query}"/>`,
        ),
      );
    });
  });

  describe('ETag', () => {
    it('answers If-None-Match with 304 and no body until the data changes', async () => {
      for (const url of [
        '/bid-svp.csv',
        '/bid-svp.json?q=laguerta',
        '/bid-svp.atom',
        '/procurement.atom',
      ]) {
        const first = await get(url);
        const etag = first.headers.etag as string;
        expect(etag, url).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
        const again = await get(url, { 'if-none-match': etag });
        expect(again.statusCode, url).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
        expect((await get(url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
        expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
      }
      const csv = await get('/bid-svp.csv');
      expect((await get('/bid-svp.csv?q=laguerta')).headers.etag).not.toBe(csv.headers.etag);
      expect((await get('/bid-svp.json')).headers.etag).not.toBe(csv.headers.etag);
      await insertRecords(testApp.site, svp, [
        svpRecord('Newly posted', '2030-01-01T00:00:00.000Z'),
      ]);
      const changed = await get('/bid-svp.csv', { 'if-none-match': csv.headers.etag as string });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(csv.headers.etag);
      expect(csvOf(changed)[0]!.project_title).toBe('Newly posted');
    });

    it('gives a compressed download its own ETag', async () => {
      const plain = await get('/bid-svp.csv');
      const gzip = await get('/bid-svp.csv', { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers.etag).not.toBe(plain.headers.etag);
      const cached = await get('/bid-svp.csv', {
        'accept-encoding': 'gzip',
        'if-none-match': gzip.headers.etag as string,
      });
      expect(cached.statusCode).toBe(304);
    });

    it('answers HEAD with the headers only', async () => {
      const response = await testApp.app.inject({ method: 'HEAD', url: '/bid-svp.csv' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
      expect(response.headers.etag).toBe((await get('/bid-svp.csv')).headers.etag);
      expect(response.body).toBe('');
    });
  });

  describe('CORS', () => {
    const publicReads = [
      '/bid-svp.csv',
      '/bid-svp.json',
      '/bid-svp.atom',
      '/procurement.atom',
      '/api/records/svp',
      '/api/records/svp/1',
      '/api/content/site',
      '/ocds/releases.json',
      '/openapi.json',
    ];

    it('lets any site read the public GET endpoints, without credentials', async () => {
      for (const url of publicReads) {
        const response = await get(url, { origin: ORIGIN });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['access-control-allow-origin'], url).toBe('*');
        expect(response.headers['access-control-allow-credentials'], url).toBeUndefined();
        expect(response.headers['access-control-expose-headers'], url).toContain('ETag');
      }
    });

    it('answers preflights for public reads, such as a GET with If-None-Match', async () => {
      for (const url of ['/api/records/svp', '/bid-svp.csv', '/procurement.atom']) {
        const response = await testApp.app.inject({
          method: 'OPTIONS',
          url,
          headers: {
            origin: ORIGIN,
            'access-control-request-method': 'GET',
            'access-control-request-headers': 'if-none-match',
          },
        });
        expect(response.statusCode, url).toBe(204);
        expect(response.headers['access-control-allow-origin'], url).toBe('*');
        expect(response.headers['access-control-allow-methods'], url).toBe('GET, HEAD');
        expect(response.headers['access-control-allow-headers'], url).toBe('if-none-match');
      }
    });

    it('gives the session, staff pages, uploads and every write no CORS headers', async () => {
      const requests: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string }[] = [
        { method: 'GET', url: '/api/session' },
        { method: 'POST', url: '/api/session' },
        { method: 'DELETE', url: '/api/session' },
        { method: 'GET', url: '/api/staff/recent-records' },
        { method: 'POST', url: '/api/records/svp' },
        { method: 'PATCH', url: '/api/records/svp/1' },
        { method: 'POST', url: '/api/records/svp/1/withdrawal' },
        { method: 'POST', url: '/api/documents' },
        { method: 'GET', url: '/bac-input' },
        { method: 'GET', url: '/bac-login' },
        { method: 'POST', url: '/bid-svp.csv' },
        { method: 'GET', url: '/' },
      ];
      for (const { method, url } of requests) {
        const response = await testApp.app.inject({
          method,
          url,
          headers: { origin: ORIGIN, 'content-type': 'application/json' },
          ...(method === 'GET' ? {} : { payload: '{}' }),
        });
        expect(response.headers['access-control-allow-origin'], `${method} ${url}`).toBeUndefined();
      }
      const preflights: [string, string][] = [
        ['/api/records/svp', 'POST'],
        ['/api/records/svp/1', 'PATCH'],
        ['/api/session', 'GET'],
        ['/api/session', 'POST'],
        ['/api/documents', 'POST'],
      ];
      for (const [url, method] of preflights) {
        const response = await testApp.app.inject({
          method: 'OPTIONS',
          url,
          headers: { origin: ORIGIN, 'access-control-request-method': method },
        });
        expect(response.headers['access-control-allow-origin'], `${method} ${url}`).toBeUndefined();
        expect(
          response.headers['access-control-allow-methods'],
          `${method} ${url}`,
        ).toBeUndefined();
      }
    });
  });
});
