import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { insertRecords } from '../../db/records/record-queries.ts';
import { fieldLabel, kindByCollection, recordKinds } from '../../shared/record-kinds.ts';
import { createTestApp, useTestApp, withAppDatabase } from '../helpers/test-app.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';

const reports = kindByCollection('reports')!;
const shopping = kindByCollection('shopping_bidding')!;

function mainOf(html: string): string {
  return html.slice(html.indexOf('<main'), html.indexOf('</main>'));
}

describe('procurement list pages, server-rendered', () => {
  const testApp = useTestApp({ DEMO_RECORDS: 'true' });
  const marker = `zp${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    const { site } = testApp;
    await insertRecords(site, reports, [
      {
        values: {
          title: `<script>window.pwned=1</script> ${marker}`,
          report_description: '<b>bold?</b>',
          link: 'https://example.org/report.pdf',
        },
      },
    ]);
    await insertRecords(
      site,
      shopping,
      Array.from({ length: 6 }, (_, index) => ({
        values: {
          pr_number: `PR-${marker}-${index}`,
          project_title: `Paint ${marker}`,
          link: 'https://example.org/p.pdf',
        },
        created: new Date(Date.UTC(2031, 0, index + 1)),
      })),
    );
    // A row written around the validator, as a careless import might: it must never become a live link.
    await site.db
      .insertInto('shopping_bidding')
      .values({
        pr_number: `PR-${marker}-bad`,
        project_title: `Paint ${marker}`,
        link: 'javascript:alert(1)',
        created: '2020-01-01T00:00:00.000Z',
      })
      .execute();
  });

  const get = (url: string) => testApp.app.inject({ url });

  it.each(recordKinds.map((kind) => [kind.route, kind] as const))(
    '%s shows the header image, title, search form, columns in order and the pager',
    async (route, kind) => {
      const response = await get(route);
      expect(response.statusCode).toBe(200);
      const html = mainOf(response.body);
      expect(html).toMatch(
        /<div class="page-banner"><picture><source type="image\/avif" srcSet="\/media\/headers\/bids-800.avif 800w[^>]*\/><img[^>]*srcSet="\/media\/headers\/bids-800.webp 800w/,
      );
      expect(html).toContain(`<h1 class="page-title">${inEnglish(kind.title)}</h1>`);
      expect(html).toMatch(
        new RegExp(`<form[^>]*role="search"[^>]*action="${route}" method="get"`),
      );
      expect(html).toMatch(/<input[^>]*type="search"[^>]*placeholder="Search..."[^>]*name="q"/);
      const headings = [...html.matchAll(/<th scope="col">([^<]+)<\/th>/g)].map(
        (match) => match[1],
      );
      expect(headings).toEqual([
        ...kind.columns.map((column) => fieldLabel(kind, column)),
        'Date Posted',
        'Click to View',
      ]);
      expect(html).toMatch(/<button type="button" class="pager-button" disabled="">Prev<\/button>/);
      expect(html).toContain(`href="${route}?page=2"`);
    },
  );

  it('shows HTML and script text in a record as text', async () => {
    const html = mainOf((await get(`/bids-reports?q=${marker}`)).body);
    expect(html).toContain(`&lt;script&gt;window.pwned=1&lt;/script&gt; ${marker}`);
    expect(html).toContain('&lt;b&gt;bold?&lt;/b&gt;');
    expect(html).not.toContain('<script>window.pwned');
  });

  it('keeps the search in the page links and disables Next on the last page', async () => {
    const first = mainOf((await get(`/bid-shopping?q=${marker}`)).body);
    expect(first).toContain(`href="/bid-shopping?q=${marker}&amp;page=2"`);
    const second = mainOf((await get(`/bid-shopping?q=${marker}&page=2`)).body);
    expect(second).toContain(`href="/bid-shopping?q=${marker}"`);
    expect(second).toMatch(/disabled="">Next<\/button>/);
    expect(second).toContain('Showing 6–7 of 7 records');
  });

  it('never links a stored link that is not a web address', async () => {
    const html = mainOf((await get(`/bid-shopping?q=${marker}&page=2`)).body);
    expect(html).not.toContain('javascript:');
    expect(html).toContain('No valid link');
  });

  it('links a document uploaded to this site, on the list in both languages and on the record page', async () => {
    const hosted = `/documents/${'c3'.repeat(32)}/notice.pdf`;
    const { id } = (
      await insertRecords(testApp.site, shopping, [
        {
          values: {
            pr_number: `PR-${marker}-doc`,
            project_title: `Hosted ${marker}`,
            link: hosted,
          },
        },
      ])
    )[0]!;
    for (const path of [
      `/bid-shopping?q=Hosted+${marker}`,
      `/fil/bid-shopping?q=Hosted+${marker}`,
    ]) {
      const html = mainOf((await get(path)).body);
      expect(html).toMatch(new RegExp(`<a href="${hosted}"[^>]*class="record-view-link"`));
      expect(html).not.toContain('No valid link');
      expect(html).not.toContain('Walang wastong link');
    }
    const page = mainOf((await get(`/bid-shopping/${id}`)).body);
    expect(page).toContain(`<a href="${hosted}">${hosted}</a>`);
  });

  it('says so when nothing matches', async () => {
    const html = mainOf((await get('/bid-svp?q=nothing-matches-this')).body);
    expect(html).toContain('No records match “nothing-matches-this”.');
    expect(html).not.toContain('<table');
  });

  it('answers 400 with the reason for a bad page number', async () => {
    const response = await get('/bid-svp?page=zero');
    expect(response.statusCode).toBe(400);
    expect(mainOf(response.body)).toContain('Page must be a whole number from 1 to');
  });

  it.each(['%00', 'ab%00cd', 'road%01'])(
    'answers 400 with the reason in the page for a search with a control character (q=%s)',
    async (q) => {
      const response = await get(`/notice-of-award?q=${q}`);
      expect(response.statusCode).toBe(400);
      expect(mainOf(response.body)).toContain(
        '<div class="record-error" role="alert"><p>Search text must not contain control characters.</p>',
      );
    },
  );

  it('answers 400 with the reason in the page for a repeated search', async () => {
    const response = await get('/bid-svp?q=road&q=bridge');
    expect(response.statusCode).toBe(400);
    expect(mainOf(response.body)).toContain('Give q and page at most once each.');
  });

  it('says the list could not be loaded, with a retry, when the database fails', async () => {
    const broken = await createTestApp({ DEMO_RECORDS: 'true' });
    // The list's table gone, and its search index (on SQLite, a table of its own; on
    // PostgreSQL, an index the table takes with it): every read of the list fails.
    await withAppDatabase(broken.config, async (site) => {
      if (site.engine === 'sqlite') await sql`DROP TABLE svp_search`.execute(site.db);
      await sql`DROP TABLE svp`.execute(site.db);
    });
    try {
      const page = await broken.app.inject({ url: '/bid-svp?q=road' });
      expect(page.statusCode).toBe(500);
      expect(mainOf(page.body)).toContain('the Svp list could not be loaded');
      expect(mainOf(page.body)).toContain('href="/bid-svp?q=road"');
      const api = await broken.app.inject({ url: '/api/records/svp' });
      expect(api.statusCode).toBe(500);
      expect(api.json().message).toBe('Something went wrong on our side.');
    } finally {
      await broken.close();
    }
  });
});
