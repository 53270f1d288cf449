import type { FastifyInstance } from 'fastify';
import type { PublicServices } from '../../shared/app-services.ts';
import { isContentPart } from './content-schema.ts';
import {
  contentPartResponseSchema,
  departmentResponseSchema,
  newsItemResponseSchema,
  siteContentResponseSchema,
} from './schemas.ts';
import { errorResponses } from '../http/error-schemas.ts';
import { fundReportResponseSchema } from '../fund-report/schemas.ts';

/** JSON of the content that browser-side loaders need after the first page. */
export async function contentApiRoutes(
  app: FastifyInstance,
  { services }: { services: PublicServices },
) {
  const notFound = { statusCode: 404, error: 'Not Found', message: 'No such item' };
  // Every answer here is public: the render cache keeps it for everyone.
  const options = (body: object) => ({
    config: { publicRead: true },
    schema: { response: { 200: body, ...errorResponses } },
  });

  app.get('/api/content/site', options(siteContentResponseSchema), async () => services.site());

  // Sent as text already serialised (below), so this schema documents the body only.
  app.get<{ Params: { part: string } }>(
    '/api/content/parts/:part',
    options(contentPartResponseSchema),
    async (request, reply) => {
      const { part } = request.params;
      if (!isContentPart(part)) return reply.code(404).send(notFound);
      // Markdown articles are plain strings, which Fastify would otherwise send as text/plain.
      return reply
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(await services.contentPart(part)));
    },
  );

  app.get('/api/fund-report', options(fundReportResponseSchema), async () =>
    services.fundReportQuarters(),
  );

  app.get<{ Params: { slug: string } }>(
    '/api/content/departments/:slug',
    options(departmentResponseSchema),
    async (request, reply) => {
      const department = await services.department(request.params.slug);
      return department ?? reply.code(404).send(notFound);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/content/news/:id',
    options(newsItemResponseSchema),
    async (request, reply) => {
      const item = await services.newsItem(request.params.id);
      return item ?? reply.code(404).send(notFound);
    },
  );
}
