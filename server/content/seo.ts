import { LANGUAGES, pathInLang } from '../../shared/i18n/languages.ts';
import type { FastifyInstance } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { publishedNewsIds } from '../../db/news/news-queries.ts';
import { recordKinds } from '../../shared/record-kinds.ts';
import type { Content } from '../../shared/content-types.ts';
import { INFO_PAGE_PATHS } from '../../shared/info-pages.ts';
import { ADVISORIES_PATH } from '../../shared/advisories/advisories.ts';
import { SUPPLIERS_PATH } from '../../shared/suppliers/suppliers.ts';
import { RED_FLAGS_METHODOLOGY_PATH, RED_FLAGS_PATH } from '../../shared/red-flags/red-flags.ts';
import { OCDS_QUALITY_PATH } from '../../shared/open-data/ocds-quality.ts';
import { SET_SITE_URL } from '../config.ts';
import { escapeXml } from '../open-data/xml-text.ts';
import { mediaResponse } from '../http/media.ts';

/**
 * Every public page, staff pages left out: the info pages, advisories, departments,
 * procurement lists, the suppliers, the red flags, the OCDS quality checks and news items (the database's once it runs; content/news.json's seeded ones keep their ids).
 */
export function publicPaths(
  content: Content,
  newsIds: readonly string[] = content.news.map((item) => item.id),
): string[] {
  return [
    ...INFO_PAGE_PATHS,
    ADVISORIES_PATH,
    ...content.departments.map((department) => `/${department.slug}`),
    ...recordKinds.map((kind) => kind.route),
    SUPPLIERS_PATH,
    RED_FLAGS_PATH,
    RED_FLAGS_METHODOLOGY_PATH,
    OCDS_QUALITY_PATH,
    ...newsIds.map((id) => `/view-news/${encodeURIComponent(id)}`),
  ];
}

/**
 * sitemap.xml and robots.txt. Their absolute URLs come from SITE_URL alone: the Host
 * header is the client's to write, and reflecting it would let anyone plant their own
 * domain in a cached sitemap.
 */
export async function seoRoutes(
  app: FastifyInstance,
  {
    content,
    siteUrl,
    database,
  }: { content: Content; siteUrl: string | undefined; database: SiteDatabase },
) {
  const sitemapResponses = {
    200: mediaResponse('Every public page.', ['application/xml']),
    404: mediaResponse('SITE_URL is not configured, and the sitemap needs absolute URLs.', [
      'text/plain',
    ]),
  };
  app.get('/sitemap.xml', { schema: { response: sitemapResponses } }, async (_request, reply) => {
    // The sitemap protocol accepts absolute <loc> URLs only, and we do not guess the origin.
    if (!siteUrl) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send(`No sitemap: SITE_URL is not configured on this server. ${SET_SITE_URL}\n`);
    }
    // Each page in both languages, each naming the other as its alternate (hreflang).
    const urls = publicPaths(content, await publishedNewsIds(database))
      .flatMap((path) => {
        const alternates = LANGUAGES.map(
          (lang) =>
            `    <xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(siteUrl + pathInLang(path, lang))}"/>`,
        ).join('\n');
        return LANGUAGES.map(
          (lang) =>
            `  <url>\n    <loc>${escapeXml(siteUrl + pathInLang(path, lang))}</loc>\n${alternates}\n  </url>`,
        );
      })
      .join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`,
      );
  });

  // robots.txt keeps the staff pages (/bac-…, /staff/…) out; its Sitemap line must be absolute, so it needs SITE_URL.
  const robots = `User-agent: *\nDisallow: /bac-\nDisallow: /staff/\n${siteUrl ? `\nSitemap: ${siteUrl}/sitemap.xml\n` : ''}`;
  const robotsResponse = mediaResponse('Rules for crawlers.', ['text/plain']);
  app.get(
    '/robots.txt',
    { schema: { response: { 200: robotsResponse } } },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').send(robots),
  );
}
