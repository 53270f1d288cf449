import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../server/content/load.ts';
import { fundReportColumns } from '../../shared/fund-report/fund-report-columns.ts';
import { fil } from '../../shared/i18n/messages-fil.ts';
import { INFO_PAGE_PATHS } from '../../shared/info-pages.ts';
import { pathInLang } from '../../shared/i18n/languages.ts';
import { recordKinds } from '../../shared/record-kinds.ts';
import { contentDir, editJson, type Json } from '../helpers/content-files.ts';
import { useTestApp, withTestApp } from '../helpers/test-app.ts';
import { ADVISORIES_PATH } from '../../shared/advisories/advisories.ts';
import { ALERT_OUTCOMES } from '../../shared/alerts/alert-subscription.ts';

const SITE = 'https://www.sanisidro.example.gov.ph';

/** The attributes of every tag named `tag` in an HTML text, as plain objects. */
function tags(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map((match) =>
    Object.fromEntries(
      [...match[1]!.matchAll(/([\w-:]+)="([^"]*)"/g)].map((pair) => [
        pair[1]!.toLowerCase(),
        pair[2]!,
      ]),
    ),
  );
}

describe('English and Filipino', () => {
  const testApp = useTestApp({ DEMO_RECORDS: 'true', SITE_URL: SITE });

  async function publicPaths(): Promise<string[]> {
    const departments = (
      await testApp.app.inject({ url: '/api/content/parts/departments' })
    ).json() as {
      slug: string;
    }[];
    const news = (await testApp.app.inject({ url: '/api/content/parts/news' })).json() as {
      id: string;
    }[];
    return [
      ...INFO_PAGE_PATHS,
      ...recordKinds.flatMap((kind) => [kind.route, `${kind.route}/1`]),
      `/${departments[0]!.slug}`,
      `/view-news/${news[0]!.id}`,
      ADVISORIES_PATH,
      '/bac-login',
      '/alerts',
      ...ALERT_OUTCOMES.map((outcome) => `/alerts/${outcome}`),
      '/alerts/confirm/x',
      '/alerts/unsubscribe/x',
    ];
  }

  it('renders every public route in both languages with its lang, hreflang alternates and a switch to the other', async () => {
    for (const path of await publicPaths()) {
      for (const lang of ['en', 'fil'] as const) {
        const url = pathInLang(path, lang);
        const response = await testApp.app.inject({ url });
        expect(response.statusCode, url).toBe(200);
        expect(tags(response.body, 'html')[0]?.lang, url).toBe(lang);
        const alternates = tags(response.body, 'link').filter(
          (link) => link.rel === 'alternate' && link.hreflang,
        );
        expect(
          Object.fromEntries(alternates.map((link) => [link.hreflang, link.href])),
          url,
        ).toEqual({
          en: SITE + pathInLang(path, 'en'),
          fil: SITE + pathInLang(path, 'fil'),
          'x-default': SITE + pathInLang(path, 'en'),
        });
        const other = lang === 'en' ? 'fil' : 'en';
        const switchLinks = tags(response.body, 'a').filter((link) => link.hreflang === other);
        expect(
          switchLinks.map((link) => link.href),
          url,
        ).toEqual([pathInLang(path, other)]);
      }
    }
  });

  it('shows Filipino words on Filipino pages, and dates in fil-PH', async () => {
    const list = await testApp.app.inject({ url: '/fil/bid-svp' });
    expect(list.body).toContain('Petsa ng Pag-post');
    expect(list.body).toContain('Susunod');
    expect(list.body).toContain('Paghahanap');
    expect(list.body).not.toContain('>Date Posted<');
    const record = await testApp.app.inject({ url: '/fil/bid-svp/1' });
    expect(record.body).toMatch(
      /(Enero|Pebrero|Marso|Abril|Mayo|Hunyo|Hulyo|Agosto|Setyembre|Oktubre|Nobyembre|Disyembre) \d+, \d{4}, \d{1,2}:\d{2} [AP]M \(oras sa Maynila\)/,
    );
    // Links inside a Filipino page stay in Filipino.
    expect(tags(list.body, 'a').some((link) => link.href === '/fil/bid-svp/1')).toBe(true);
  });

  it('shows the fund report on /fil/accounting in Filipino: columns, captions, quarters, amounts', async () => {
    const page = (await testApp.app.inject({ url: '/fil/accounting' })).body;
    expect(tags(page, 'html')[0]?.lang).toBe('fil');
    const start = page.indexOf('<section class="fund-report"');
    const report = page.slice(start, page.indexOf('</section>', start));
    const headers = [...report.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map(([, text]) => text);
    expect(headers.slice(0, fundReportColumns.length)).toEqual(
      fundReportColumns.map(([key]) => fil[`accounting.${key}`]),
    );
    for (const [, english] of fundReportColumns) {
      expect(report).not.toContain(`>${english}<`);
    }
    expect(report).toContain('pondong pansuporta sa pamahalaang lokal');
    expect(report).toContain('ulat sa paggamit ng pondo at kalagayan ng pagpapatupad');
    expect(report).not.toContain('<span lang="en">');
    const quarters = [
      ...report.matchAll(/<h3 id="quarter-\d+">([^<]*)(?:<!-- -->)?([^<]*)<\/h3>/g),
    ].map(([, before, after]) => `${before}${after}`);
    expect(quarters[0]).toBe('Para sa Quarter na Nagtapos noong Marso 31, 2025');
    expect(
      quarters.every((quarter) => quarter.startsWith('Para sa Quarter na Nagtapos noong')),
    ).toBe(true);
    // Amounts as fil-PH writes pesos.
    const amount = new Intl.NumberFormat('fil-PH', { style: 'currency', currency: 'PHP' }).format(
      5_000_000,
    );
    expect(report).toContain(`<td>${amount}</td>`);
    // The office's own words, in Filipino.
    expect(page).toContain('<h1 class="page-title">Tanggapan ng Pambayang Accountant</h1>');
  });

  it('falls back to English for a content text without Filipino, on that text alone, marked lang="en"', async () => {
    const content = await loadContent(testApp.config.contentDir);
    const intro = content.officials.intro;
    expect(typeof intro).toBe('string');
    const page = (await testApp.app.inject({ url: '/fil/local-officials' })).body;
    expect(page).toContain(`<span lang="en">${intro as string}</span>`);
    // A text given in Filipino is shown in Filipino, unmarked.
    const home = (await testApp.app.inject({ url: '/fil' })).body;
    expect(home).toContain('isang bayang sakahan sa paanan ng Bundok Halimuyak');
    // English pages never mark English.
    expect((await testApp.app.inject({ url: '/local-officials' })).body).not.toContain(
      '<span lang="en">',
    );
  });

  it('falls back to English for a Full Disclosure type whose name has no Filipino, that name alone', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'municipal-languages-content-'));
    try {
      await cp(contentDir, dir, { recursive: true });
      await editJson(dir, 'full-disclosure.json', (data) => {
        const type = data.documentTypes.find((entry: Json) => entry.id === 'manpower-complement');
        type.name = 'Manpower Complement';
      });
      await withTestApp({ CONTENT_DIR: dir }, async (edited) => {
        const page = (await edited.app.inject({ url: '/fil/full-disclosure' })).body;
        expect(page).toContain('<span lang="en">Manpower Complement</span>');
        // Its basis, given in Filipino, and the other types stay Filipino and unmarked.
        expect(page).toContain('Paggamit ng SEF');
        expect(page).not.toContain('<span lang="en">DILG MC');
        const json = (await edited.app.inject({ url: '/full-disclosure.json' })).json() as {
          types: { id: string; name: { en: string; fil?: string } }[];
        };
        // Plain English in the content is `{ en }` in the JSON: no Filipino, none made up.
        expect(json.types.find((type) => type.id === 'manpower-complement')?.name).toEqual({
          en: 'Manpower Complement',
        });
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('never serves one language’s page at the other’s address from the render cache', async () => {
    for (const path of ['/history', '/bid-svp', '/']) {
      for (let round = 0; round < 2; round += 1) {
        for (const lang of ['fil', 'en'] as const) {
          const url = pathInLang(path, lang);
          const response = await testApp.app.inject({ url });
          expect(tags(response.body, 'html')[0]?.lang, `${url} round ${round}`).toBe(lang);
        }
      }
    }
  });

  it('lists both languages in the sitemap, each with its alternates', async () => {
    const sitemap = (await testApp.app.inject({ url: '/sitemap.xml' })).body;
    expect(sitemap).toContain(`<loc>${SITE}/fil/history</loc>`);
    expect(sitemap).toContain(`<loc>${SITE}/history</loc>`);
    expect(sitemap).toContain(`hreflang="fil" href="${SITE}/fil/history"`);
  });
});
