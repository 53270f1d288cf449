import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../client/services.ts';

/** JSON of the content that browser-side loaders need after the first page. */
export async function contentApiRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const notFound = { statusCode: 404, error: 'Not Found', message: 'No such item' };

  app.get('/api/content/site', async () => services.site());

  app.get<{ Params: { slug: string } }>('/api/content/departments/:slug', async (request, reply) => {
    const department = await services.department(request.params.slug);
    return department ?? reply.code(404).send(notFound);
  });

  app.get<{ Params: { id: string } }>('/api/content/news/:id', async (request, reply) => {
    const item = await services.newsItem(request.params.id);
    return item ?? reply.code(404).send(notFound);
  });
}
