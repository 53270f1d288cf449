import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../db/connection.ts';
import { parseListQuery, type ParameterValue } from '../../shared/list-query.ts';
import { listRecords } from '../../db/record-queries.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { listParamsSchema, listQuerystringSchema } from '../schemas/records.ts';
import { strictValidatorCompiler } from '../schemas/strict-validator.ts';

interface ListRequest {
  Params: { collection: string };
  Querystring: { q?: ParameterValue; page?: ParameterValue };
}

/** The public read API of the eight procurement lists: one page, newest first, optionally searched. */
export async function recordsApiRoutes(
  app: FastifyInstance,
  { database }: { database: AppDatabase },
) {
  app.get<ListRequest>(
    '/api/records/:collection',
    {
      schema: { params: listParamsSchema, querystring: listQuerystringSchema },
      validatorCompiler: strictValidatorCompiler,
      // A repeated parameter fails the schema; parseListQuery says why in words.
      attachValidation: true,
    },
    async (request, reply) => {
      const kind = kindByCollection(request.params.collection);
      if (!kind) {
        return reply
          .code(404)
          .send({ statusCode: 404, error: 'Not Found', message: 'No such record collection' });
      }
      const parsed = parseListQuery({ q: request.query.q, page: request.query.page });
      if (!parsed.ok) {
        return reply
          .code(400)
          .send({ statusCode: 400, error: 'Bad Request', message: parsed.message });
      }
      // A database fault goes to the app's error handler, which logs it and answers in general terms.
      const page = listRecords(database, kind, parsed.value);
      return reply.header('cache-control', 'no-cache').send(page);
    },
  );
}
