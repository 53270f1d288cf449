/**
 * A new municipality can clear every fictional thing (issue 31): the news copied from
 * content/news.json is marked as copied, `municipal demo remove` replaces it once content/
 * is replaced, and an administrator may delete a news item or an advisory posted by
 * mistake, with a reason, audited, from the API and the staff pages in both languages.
 */
import { sql } from 'kysely';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listAudit } from '../../db/audit-log.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import { addNews, addPicture } from '../../db/news/news-queries.ts';
import type { Advisory } from '../../shared/advisories/advisories.ts';
import { renderNewsMarkdown } from '../../shared/markdown.ts';
import { useCopiedContent } from '../helpers/content-files.ts';
import { csrfOf, signedInStaff } from '../helpers/staff.ts';
import { valueOf } from '../helpers/sql-values.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { cli } from './cli-harness.ts';

const PASSWORD = 'bamboo raft down the malinao river';
const SHIPPED = JSON.parse(await readFile('content/news.json', 'utf8')) as {
  id: string;
  title: string;
}[];

const count = (database: SiteDatabase, query: string) =>
  valueOf(database, sql.raw(query)) as Promise<number>;

describe('the news copied from content/news.json', () => {
  const testApp = useTestApp();
  const content = useCopiedContent();

  it('is marked as copied, and demo remove replaces it with the news of a replaced content/, keeping what staff published', async () => {
    const { site: database, app } = testApp;
    // The command line on the database the app serves from, as an operator runs it.
    const { databaseUrl } = testApp.config;
    const onAppDatabase = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
    expect(await count(database, 'SELECT count(*) FROM news_items WHERE seeded = 1')).toBe(
      SHIPPED.length,
    );
    expect(await count(database, 'SELECT count(*) FROM pictures WHERE seeded = 1')).toBe(
      SHIPPED.length,
    );

    // An item staff published on the web, which no content change touches.
    const author = {
      actor: 'info@example.gov.ph',
      address: null,
      role: 'information',
      at: new Date().toISOString(),
    };
    const picture = await addPicture(
      database,
      { width: 800, height: 500, variants: { 800: '/pictures/real-800.webp' } },
      author,
    );
    const published = await addNews(
      database,
      {
        title: 'Road clearing on Monday',
        date: '2026-01-05',
        summary: 'Clearing.',
        text: 'Clearing.',
        html: renderedHtml('Clearing.'),
        picture,
        alt: 'A road',
      },
      author,
    );
    expect(published.ok).toBe(true);
    const staffId = published.ok ? published.id : '';
    expect(await count(database, 'SELECT count(*) FROM pictures WHERE seeded = 0')).toBe(1);

    // content/ replaced: the municipality's own first news item instead of the demo's.
    const file = path.join(content.dir, 'news.json');
    const shipped = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>[];
    await writeFile(
      file,
      JSON.stringify([{ ...shipped[0], id: 'new-website', title: 'Our new website is open' }]),
    );

    const run = await cli(testApp.config.dataDir, ['demo', 'remove'], undefined, {
      CONTENT_DIR: content.dir,
      ...onAppDatabase,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Deleted ${SHIPPED.length} news items copied from an earlier`);
    expect(run.stdout).toContain('copied 1 from');

    for (const item of SHIPPED) {
      expect((await app.inject({ url: `/view-news/${item.id}` })).statusCode, item.id).toBe(404);
    }
    const news = (await app.inject({ url: '/news' })).body;
    for (const item of SHIPPED) expect(news).not.toContain(item.title);
    expect(news).toContain('Our new website is open');
    expect(news).toContain('Road clearing on Monday');
    expect((await app.inject({ url: `/view-news/${staffId}` })).statusCode).toBe(200);
    expect(await count(database, 'SELECT count(*) FROM news_history')).toBe(0);
    // The fictional pictures went with their items; the uploaded one stayed.
    expect(await count(database, 'SELECT count(*) FROM pictures WHERE seeded = 1')).toBe(1);
    expect(await count(database, 'SELECT count(*) FROM pictures WHERE seeded = 0')).toBe(1);
    const audit = await listAudit(database, { limit: 5, action: 'news-reseeded' });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({
      removed: SHIPPED.map((item) => item.id).sort(),
      copied: 1,
    });

    const again = await cli(testApp.config.dataDir, ['demo', 'remove'], undefined, {
      CONTENT_DIR: content.dir,
      ...onAppDatabase,
    });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('matches the file');
    expect(await listAudit(database, { limit: 5, action: 'news-reseeded' })).toHaveLength(1);
  });
});

describe('deleting what was posted by mistake', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1' });
  let accounts = 0;

  async function staff(roles: ('information' | 'admin')[]) {
    const { visitor } = await signedInStaff(
      testApp,
      `staff${++accounts}@example.gov.ph`,
      PASSWORD,
      roles,
    );
    const headers = { 'x-csrf-token': await visitor.csrfToken() };
    const api = (url: string, payload: Record<string, unknown>) =>
      visitor.request({ method: 'POST', url, headers, payload });
    return { visitor, api };
  }

  it('lets an administrator delete a news item and an advisory through the API, with a reason, audited; the information role cannot', async () => {
    const officer = await staff(['information']);
    const admin = await staff(['admin']);
    const item = SHIPPED[0]!;

    const refused = await officer.api(`/api/news/${item.id}/deletion`, { reason: 'Posted twice' });
    expect(refused.statusCode).toBe(403);
    const noReason = await admin.api(`/api/news/${item.id}/deletion`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ errors: { reason: expect.any(String) } });

    const deleted = await admin.api(`/api/news/${item.id}/deletion`, { reason: 'Posted twice' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: item.id });
    expect((await testApp.app.inject({ url: `/api/news/${item.id}` })).statusCode).toBe(404);
    expect((await testApp.app.inject({ url: `/view-news/${item.id}` })).statusCode).toBe(404);
    expect((await testApp.app.inject({ url: '/news' })).body).not.toContain(item.title);
    const gone = await admin.api(`/api/news/${item.id}/deletion`, { reason: 'Posted twice' });
    expect(gone.statusCode).toBe(404);
    const [newsAudit] = await listAudit(testApp.site, { limit: 1, action: 'news-deleted' });
    expect(newsAudit).toMatchObject({
      actor: expect.stringMatching(/^staff\d+@example\.gov\.ph$/),
      detail: { id: item.id, title: item.title, reason: 'Posted twice', role: 'admin' },
    });

    const now = Date.now();
    const posted = await officer.api('/api/advisories', {
      severity: 'warning',
      title: 'Water interruption in the wrong barangay',
      text: 'No water from 8 AM to 5 PM.',
      starts: new Date(now - 60_000).toISOString(),
      ends: new Date(now + 3_600_000).toISOString(),
    });
    expect(posted.statusCode).toBe(201);
    const advisory = posted.json() as Advisory;
    expect(
      (await officer.api(`/api/advisories/${advisory.id}/deletion`, { reason: 'Wrong barangay' }))
        .statusCode,
    ).toBe(403);
    const removed = await admin.api(`/api/advisories/${advisory.id}/deletion`, {
      reason: 'Wrong barangay',
    });
    expect(removed.statusCode).toBe(200);
    expect((await testApp.app.inject({ url: '/api/advisories' })).json()).toEqual([]);
    expect((await testApp.app.inject({ url: '/advisories' })).body).not.toContain(
      'Water interruption in the wrong barangay',
    );
    const [advisoryAudit] = await listAudit(testApp.site, {
      limit: 1,
      action: 'advisory-deleted',
    });
    expect(advisoryAudit?.detail).toMatchObject({
      id: advisory.id,
      title: 'Water interruption in the wrong barangay',
      reason: 'Wrong barangay',
      role: 'admin',
    });
  });

  it('offers the deletion on the Filipino staff news page to an administrator alone, and deletes with a reason', async () => {
    const item = SHIPPED[1]!;
    const officer = await staff(['information']);
    const officerPage = await officer.visitor.request({ url: `/fil/staff/news?delete=${item.id}` });
    expect(officerPage.body).not.toContain('Burahin nang tuluyan');

    const admin = await staff(['admin']);
    const page = await admin.visitor.request({ url: `/fil/staff/news?delete=${item.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Burahin ang “${item.title}”`);
    const csrf = csrfOf(page.body);

    const empty = await admin.visitor.postForm(`/fil/staff/news?delete=${item.id}`, {
      _csrf: csrf,
      intent: 'delete',
      id: item.id,
      reason: '',
    });
    expect(empty.statusCode).toBe(400);
    expect((await testApp.app.inject({ url: `/view-news/${item.id}` })).statusCode).toBe(200);

    const done = await admin.visitor.postForm(`/fil/staff/news?delete=${item.id}`, {
      _csrf: csrf,
      intent: 'delete',
      id: item.id,
      reason: 'Maling balita',
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/fil/staff/news?done=deleted');
    const after = await admin.visitor.request({ url: '/fil/staff/news?done=deleted' });
    expect(after.body).toContain('Nabura na.');
    expect((await testApp.app.inject({ url: `/view-news/${item.id}` })).statusCode).toBe(404);
    const [audit] = await listAudit(testApp.site, { limit: 1, action: 'news-deleted' });
    expect(audit?.detail).toMatchObject({ id: item.id, reason: 'Maling balita' });
  });
});

/** The HTML a news text is stored with, rendered as the service renders it on save. */
function renderedHtml(text: string) {
  const rendered = renderNewsMarkdown(text);
  if (!rendered.ok) throw new Error(`test text did not render: ${rendered.refusal}`);
  return rendered.html;
}
