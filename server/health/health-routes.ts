import type { FastifyInstance } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { countAllRecords } from '../../db/records/record-queries.ts';
import { healthResponses } from './schemas.ts';

/**
 * For load balancers and the container's HEALTHCHECK: a real read from the database, so a
 * server whose database became unusable (damaged, gone, locked) is reported as down.
 */
export async function healthRoutes(app: FastifyInstance, { database }: { database: SiteDatabase }) {
  app.get('/healthz', { schema: { response: healthResponses } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await countAllRecords(database);
    } catch (error) {
      request.log.error({ err: error }, 'health check: the database cannot be read');
      return reply.code(503).send({
        status: 'unavailable',
        message: 'The database cannot be read. The server log names the fault.',
      });
    }
    return { status: 'ok' };
  });
}
