import type { FastifyInstance } from 'fastify';
import { recordKinds } from '../../db/record-kinds.ts';
import type { Content } from '../content/schema.ts';

/** Information pages of the seed's route table that do not come from a content list. */
const infoPaths = [
  '/',
  '/history',
  '/local-officials',
  '/offices',
  '/festival',
  '/tourist-destination',
  '/directory',
  '/accounting',
  '/news',
  '/bids-and-awards',
  '/invitation-to-bid',
];

/** Every public page, staff pages left out: the info pages, departments, procurement lists and news items. */
export function publicPaths(content: Content): string[] {
  return [
    ...infoPaths,
    ...content.departments.map((department) => `/${department.slug}`),
    ...recordKinds.map((kind) => kind.route),
    ...content.news.map((item) => `/view-news/${encodeURIComponent(item.id)}`),
  ];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** sitemap.xml with absolute URLs on the host the request came to, and robots.txt that keeps staff pages out. */
export async function seoRoutes(app: FastifyInstance, { content }: { content: Content }) {
  app.get('/sitemap.xml', async (request, reply) => {
    const origin = `${request.protocol}://${request.host}`;
    const urls = publicPaths(content)
      .map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`)
      .join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });

  app.get('/robots.txt', async (request, reply) => {
    const origin = `${request.protocol}://${request.host}`;
    return reply
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nDisallow: /bac-\n\nSitemap: ${origin}/sitemap.xml\n`);
  });
}
