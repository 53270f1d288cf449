import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../db/connection.ts';
import { parseListQuery } from '../../db/list-query.ts';
import { listRecords } from '../../db/record-queries.ts';
import { kindByCollection } from '../../db/record-kinds.ts';

interface ListRequest {
  Params: { collection: string };
  Querystring: Record<string, string | string[] | undefined>;
}

function single(value: string | string[] | undefined): string | undefined | null {
  return Array.isArray(value) ? null : value;
}

/** The public read API of the eight procurement lists: one page, newest first, optionally searched. */
export async function recordsApiRoutes(
  app: FastifyInstance,
  { database }: { database: AppDatabase },
) {
  app.get<ListRequest>('/api/records/:collection', async (request, reply) => {
    const kind = kindByCollection(request.params.collection);
    if (!kind) {
      return reply
        .code(404)
        .send({ statusCode: 404, error: 'Not Found', message: 'No such record collection' });
    }
    const q = single(request.query.q);
    const page = single(request.query.page);
    const parsed =
      q === null || page === null
        ? ({ ok: false, message: 'Give q and page at most once each.' } as const)
        : parseListQuery({ q, page });
    if (!parsed.ok) {
      return reply
        .code(400)
        .send({ statusCode: 400, error: 'Bad Request', message: parsed.message });
    }
    try {
      const page = listRecords(database, kind, parsed.value);
      return reply.header('cache-control', 'no-cache').send(page);
    } catch (error) {
      // The browser shows "could not be loaded" with a retry; the details stay in the server log.
      request.log.error(
        { err: error, collection: kind.collection },
        'loading a procurement list failed',
      );
      return reply.code(500).send({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Something went wrong on our side.',
      });
    }
  });
}
