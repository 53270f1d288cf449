import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_RECORDS_PER_KIND } from '../../db/records/demo-records.ts';
import { MAX_SEARCH_LENGTH } from '../../shared/records/list-query.ts';
import { insertRecords } from '../../db/records/record-queries.ts';
import { kindByCollection, recordKinds } from '../../shared/record-kinds.ts';
import { useTestApp } from '../helpers/test-app.ts';

const svp = kindByCollection('svp')!;
const reports = kindByCollection('reports')!;

describe('GET /api/records/:collection', () => {
  const testApp = useTestApp({ DEMO_RECORDS: 'true' });
  /** A marker no demo record holds, so each test sees only its own records. */
  const marker = `zq${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    await insertRecords(
      testApp.site,
      svp,
      Array.from({ length: 7 }, (_, index) => ({
        values: {
          pr_number: `PR-${marker}-${index + 1}`,
          project_title:
            index === 0 ? `Drainage in Parañaque ${marker}` : `Project ${index + 1} ${marker}`,
          link: `https://example.org/${index + 1}.pdf`,
        },
        created: new Date(Date.UTC(2030, 0, index + 1)),
      })),
    );
    await insertRecords(testApp.site, reports, [
      {
        values: {
          title: `<script>alert("x")</script> ${marker}`,
          report_description: '<img src=x onerror=alert(1)>',
          link: 'https://example.org/r.pdf',
        },
      },
    ]);
  });

  const get = (url: string) => testApp.app.inject({ url });

  it.each(recordKinds.map((kind) => kind.collection))(
    '%s answers a page of demo records on a fresh database',
    async (collection) => {
      const response = await get(`/api/records/${collection}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.page).toBe(1);
      expect(body.pageSize).toBe(5);
      expect(body.total).toBeGreaterThanOrEqual(DEMO_RECORDS_PER_KIND);
      expect(body.items).toHaveLength(5);
      const kind = kindByCollection(collection)!;
      for (const item of body.items) {
        expect(Object.keys(item).sort()).toEqual(
          ['created', 'id', 'project', ...kind.fields.map((field) => field.name)].sort(),
        );
        // Demo records are loaded outside any procurement project.
        expect(item.project).toBeNull();
        expect(item.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      }
      const created = body.items.map((item: { created: string }) => item.created);
      expect(created).toEqual([...created].sort().reverse());
    },
  );

  it('searches, newest first, five to a page, with the filtered total', async () => {
    const first = (await get(`/api/records/svp?q=${marker}`)).json();
    expect(first.total).toBe(7);
    expect(first.items.map((item: { pr_number: string }) => item.pr_number)).toEqual(
      [7, 6, 5, 4, 3].map((n) => `PR-${marker}-${n}`),
    );
    const second = (await get(`/api/records/svp?q=${marker}&page=2`)).json();
    expect(second).toMatchObject({ page: 2, pageSize: 5, total: 7 });
    expect(second.items.map((item: { pr_number: string }) => item.pr_number)).toEqual(
      [2, 1].map((n) => `PR-${marker}-${n}`),
    );
  });

  it('answers a page past the end with no items and the real total', async () => {
    const response = await get(`/api/records/svp?q=${marker}&page=3`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [], page: 3, pageSize: 5, total: 7 });
  });

  it('folds case beyond ASCII: PARAÑAQUE finds Parañaque', async () => {
    const body = (await get(`/api/records/svp?q=${encodeURIComponent('PARAÑAQUE')}`)).json();
    expect(body.items.map((item: { project_title: string }) => item.project_title)).toContain(
      `Drainage in Parañaque ${marker}`,
    );
  });

  it('searches the PR number as well as the title, ignoring case', async () => {
    const body = (
      await get(`/api/records/svp?q=${encodeURIComponent(`pr-${marker.toUpperCase()}-3`)}`)
    ).json();
    expect(body.total).toBe(1);
    expect(body.items[0].pr_number).toBe(`PR-${marker}-3`);
  });

  it('does not search fields outside the seed’s search fields', async () => {
    const body = (await get(`/api/records/reports?q=onerror`)).json();
    expect(body.total).toBe(0);
  });

  it.each(['ñ', 'Ñ', 'ña'])('answers one- and two-character searches (%s)', async (q) => {
    const body = (await get(`/api/records/svp?q=${encodeURIComponent(q)}`)).json();
    expect(body.items.map((item: { project_title: string }) => item.project_title)).toContain(
      `Drainage in Parañaque ${marker}`,
    );
    expect(body.total).toBeLessThan((await get('/api/records/svp')).json().total);
  });

  it('answers one-character searches that match nothing with an empty page', async () => {
    const body = (await get(`/api/records/svp?q=${encodeURIComponent('§')}`)).json();
    expect(body).toEqual({ items: [], page: 1, pageSize: 5, total: 0 });
  });

  it('returns HTML and script text as plain JSON strings', async () => {
    const body = (await get(`/api/records/reports?q=${marker}`)).json();
    expect(body.items[0].title).toBe(`<script>alert("x")</script> ${marker}`);
  });

  it('treats an empty or blank search as no search', async () => {
    const all = (await get('/api/records/svp')).json().total;
    expect((await get('/api/records/svp?q=%20%20&page=')).json().total).toBe(all);
  });

  it('answers 404 for an unknown collection', async () => {
    const response = await get('/api/records/users');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No such record collection');
  });

  it.each(['0', '-1', 'abc', '1.5', '2e3', '99999999999'])(
    'answers 400 for page=%s',
    async (page) => {
      const response = await get(`/api/records/svp?page=${page}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^Page must be a whole number from 1 to/);
    },
  );

  it('answers 400 for an over-long search and accepts the longest allowed one', async () => {
    const tooLong = await get(`/api/records/svp?q=${'a'.repeat(MAX_SEARCH_LENGTH + 1)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(
      `Search text must be at most ${MAX_SEARCH_LENGTH} characters.`,
    );
    const longest = await get(`/api/records/svp?q=${'ñ'.repeat(MAX_SEARCH_LENGTH)}`);
    expect(longest.statusCode).toBe(200);
  });

  it.each(['%00', 'ab%00cd', 'road%00', 'a%09b', '%7F'])(
    'answers 400 for a search with a control character (q=%s)',
    async (q) => {
      const response = await get(`/api/records/svp?q=${q}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Search text must not contain control characters.');
    },
  );

  it('answers 400 when q or page is given twice', async () => {
    const response = await get('/api/records/svp?page=1&page=2');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Give q and page at most once each.');
  });
});
