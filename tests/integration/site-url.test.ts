import { describe, expect, it } from 'vitest';
import { recordKinds } from '../../shared/record-kinds.ts';
import { loadContent } from '../../server/content/load.ts';
import { publicPaths } from '../../server/content/seo.ts';
import { type AppUnderTest, useTestApp } from '../helpers/test-app.ts';

const SITE_URL = 'https://procurement.example.gov.ph';
const content = await loadContent('content');
const pages = [...publicPaths(content), '/bac-login'];

/** The attribute of every tag in the page that has the given attribute value, e.g. a canonical link's href. */
function attributes(html: string, tag: string, key: string, value: string, wanted: string) {
  return [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))]
    .map(([element]) => element)
    .filter((element) => element.includes(` ${key}="${value}"`))
    .map((element) => new RegExp(` ${wanted}="([^"]*)"`).exec(element)?.[1]);
}

const canonicalOf = (html: string) => attributes(html, 'link', 'rel', 'canonical', 'href');
const og = (html: string, name: string) =>
  attributes(html, 'meta', 'property', `og:${name}`, 'content');

/** Hosts a client or an untrusted proxy may claim; none may end up in what we send. */
const forgedHeaders = [
  { host: 'evil.example' },
  { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
];

/** The test run with and without SITE_URL: no answer, body or headers, repeats a forged host. */
function neverReflectsAForgedHost(testApp: AppUnderTest) {
  it.each(forgedHeaders)('never reflects a forged host (%o)', async (headers) => {
    for (const url of ['/sitemap.xml', '/robots.txt', ...pages, '/no-such-page']) {
      const response = await testApp.app.inject({ url, headers });
      expect(response.body, url).not.toContain('evil.example');
      expect(JSON.stringify(response.headers), url).not.toContain('evil.example');
    }
  });
}

describe('with SITE_URL', () => {
  const testApp = useTestApp({ SITE_URL, TRUST_PROXY: '1' });

  it('sitemap.xml lists every public page and news item under SITE_URL, and no staff page', async () => {
    const response = await testApp.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/xml/);
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const expected = [
      '/',
      '/history',
      '/accounting',
      '/invitation-to-bid',
      ...content.departments.map((department) => `/${department.slug}`),
      ...recordKinds.map((kind) => kind.route),
      ...content.news.map((item) => `/view-news/${item.id}`),
    ];
    for (const route of expected) expect(locs).toContain(`${SITE_URL}${route}`);
    expect(locs.filter((loc) => loc?.includes('/bac-'))).toEqual([]);
    for (const loc of locs) {
      expect(loc?.startsWith(`${SITE_URL}/`), loc).toBe(true);
      const page = await testApp.app.inject({ url: new URL(loc ?? '').pathname });
      expect(page.statusCode, loc).toBe(200);
    }
  });

  it('robots.txt keeps /bac- pages out and names the sitemap under SITE_URL', async () => {
    const response = await testApp.app.inject({ url: '/robots.txt' });
    expect(response.body).toMatch(/^User-agent: \*$/m);
    expect(response.body).toMatch(/^Disallow: \/bac-$/m);
    expect(response.body).toMatch(
      /^Sitemap: https:\/\/procurement\.example\.gov\.ph\/sitemap\.xml$/m,
    );
  });

  it.each(pages)('%s has its canonical link and Open Graph tags under SITE_URL', async (url) => {
    const html = (await testApp.app.inject({ url })).body;
    const title = /<title>([^<|]+) \|/.exec(html)?.[1];
    expect(canonicalOf(html)).toEqual([`${SITE_URL}${url}`]);
    expect(og(html, 'url')).toEqual([`${SITE_URL}${url}`]);
    expect(og(html, 'type')).toEqual(['website']);
    expect(og(html, 'title')).toEqual([title]);
    expect(og(html, 'site_name')).toEqual([content.site.municipality.name]);
    expect(og(html, 'image')).toEqual([`${SITE_URL}${content.site.seal.src}`]);
    // React places them in the head wherever the page renders them.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(canonicalOf(head)).toHaveLength(1);
    expect(og(head, 'title')).toHaveLength(1);
  });

  it('a list searched or paged names the list itself as canonical', async () => {
    const route = recordKinds[0]!.route;
    for (const url of [`${route}?q=road&page=2`, `${route}?page=3`]) {
      const html = (await testApp.app.inject({ url })).body;
      expect(canonicalOf(html), url).toEqual([`${SITE_URL}${route}`]);
      expect(og(html, 'url'), url).toEqual([`${SITE_URL}${route}`]);
    }
  });

  it('a page not found names no canonical address', async () => {
    const response = await testApp.app.inject({ url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(canonicalOf(response.body)).toEqual([]);
    expect(og(response.body, 'url')).toEqual([]);
  });

  neverReflectsAForgedHost(testApp);
});

describe('without SITE_URL', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1' });

  it('sitemap.xml answers 404 and says SITE_URL is not configured', async () => {
    const response = await testApp.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toMatch(/SITE_URL is not configured/);
  });

  it('robots.txt keeps /bac- pages out and has no Sitemap line', async () => {
    const response = await testApp.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^Disallow: \/bac-$/m);
    expect(response.body).not.toMatch(/sitemap/i);
  });

  it.each(pages)(
    '%s has a relative canonical link and no og:url or og:image, which must be absolute',
    async (url) => {
      const html = (await testApp.app.inject({ url })).body;
      expect(canonicalOf(html)).toEqual([url]);
      expect(og(html, 'url')).toEqual([]);
      expect(og(html, 'image')).toEqual([]);
      expect(og(html, 'title')).toHaveLength(1);
      expect(og(html, 'site_name')).toEqual([content.site.municipality.name]);
    },
  );

  it('a path that starts with two slashes stays a path, never a host', async () => {
    const response = await testApp.app.inject({ url: '//evil.example/history' });
    // Sent to its one spelling, a path on this site that names nothing.
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/evil.example/history');
    const followed = await testApp.app.inject({ url: response.headers.location! });
    expect(followed.statusCode).toBe(404);
    // Only the language switch names the path, as the same path under /fil: never as a host.
    expect(followed.body).not.toContain('//evil.example');
    expect(followed.body.match(/[^"]*evil\.example[^"]*/g)).toEqual(['/fil/evil.example/history']);
  });

  it('a doubled or trailing slash does not make a canonical of its own', async () => {
    // They are sent to the one spelling, whose canonical link is itself.
    for (const url of ['/history/', '/history//', '/view-news/1/']) {
      const response = await testApp.app.inject({ url });
      const canonical = url.replace(/\/+/g, '/').replace(/\/$/, '');
      expect(response.statusCode, url).toBe(301);
      expect(response.headers.location, url).toBe(canonical);
      const followed = await testApp.app.inject({ url: canonical });
      expect(canonicalOf(followed.body), url).toEqual([canonical]);
    }
  });

  neverReflectsAForgedHost(testApp);
});
