import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { SiteContent } from '../../shared/content-types.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';
import { openApiDocumentSchema } from '../http/openapi-document-schema.ts';
import { SESSION_COOKIE } from './staff-session.ts';

/**
 * Catch-alls that are not endpoints: the pages' renderer (each page is HTML for people,
 * listed on /open-data and in the sitemap) and the API's 404 for unknown paths.
 */
const notEndpoints = new Set(['/*', '/api/*']);

/**
 * /openapi.json: OpenAPI 3 built by @fastify/swagger from the schemas the routes declare.
 * Called directly on the root instance before any route is added, since the plugin
 * learns routes as they are registered and only within its own encapsulation context.
 * Static files hide themselves (@fastify/static marks its routes hidden).
 */
export async function registerOpenApi(
  app: FastifyInstance,
  { site, siteUrl }: { site: SiteContent; siteUrl: string | undefined },
) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${site.municipality.name}: website API`,
        version: '1',
        description: `Public reads (records, documents, downloads, feeds, OCDS) need nothing. Staff endpoints need the session cookie from POST /api/session, and every write also the CSRF token from GET /api/session in the x-csrf-token header. A new record may carry the formKey of GET /api/session in an Idempotency-Key header: sent again with it, the write answers 200 with the record stored the first time instead of storing another. Terms of the data: ${inEnglish(site.openData.license.label)}, ${site.openData.license.url}.`,
      },
      ...(siteUrl ? { servers: [{ url: siteUrl }] } : {}),
      components: {
        securitySchemes: {
          staffSession: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: `Set by POST /api/session; named __Host-${SESSION_COOKIE} over HTTPS.`,
          },
        },
      },
    },
    transform: ({ schema, url }) => ({
      schema: notEndpoints.has(url) ? { ...schema, hide: true } : schema,
      url,
    }),
  });

  app.get(
    '/openapi.json',
    {
      schema: {
        summary: 'This API description (OpenAPI 3)',
        tags: ['Open data'],
        response: { 200: openApiDocumentSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
}
