import type { FastifyInstance } from 'fastify';
import type { SiteConnection } from '../../db/site-database.ts';
import { parseListQuery, type ParameterValue } from '../../shared/records/list-query.ts';
import { findRecordDetail } from '../../db/records/record-detail-queries.ts';
import { listPage } from '../../db/records/record-list.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { errorResponses } from '../http/error-schemas.ts';
import { recordDetailSchema, recordPageSchema } from './record-responses.ts';
import { listParamsSchema, listQuerystringSchema, recordParamsSchema } from './schemas.ts';
import { publicReadOptions, sendListAnswer } from '../http/public-read.ts';

interface ListRequest {
  Params: { collection: string };
  Querystring: {
    q?: ParameterValue;
    page?: ParameterValue;
    from?: ParameterValue;
    to?: ParameterValue;
  };
}

interface RecordRequest {
  Params: { collection: string; id: string };
}

const notFound = (message: string) => ({ statusCode: 404, error: 'Not Found', message });

/**
 * The public read API of the eight procurement lists: one page, newest first, optionally
 * searched and limited to Manila days posted; and each record as a public document.
 */
export async function recordsApiRoutes(
  app: FastifyInstance,
  { database }: { database: SiteConnection },
) {
  app.get<ListRequest>(
    '/api/records/:collection',
    {
      schema: {
        params: listParamsSchema,
        querystring: listQuerystringSchema,
        response: { 200: recordPageSchema, ...errorResponses },
      },
      // A repeated parameter fails the schema; parseListQuery says why in words.
      ...publicReadOptions,
    },
    async (request, reply) => {
      const kind = kindByCollection(request.params.collection);
      if (!kind) {
        return reply.code(404).send(notFound('No such record collection'));
      }
      const { q, page, from, to } = request.query;
      return sendListAnswer(reply, parseListQuery({ q, page, from, to }), (query) =>
        listPage(database, kind, query),
      );
    },
  );

  app.get<RecordRequest>(
    '/api/records/:collection/:id',
    {
      schema: {
        params: recordParamsSchema,
        response: { 200: recordDetailSchema(), ...errorResponses },
      },
      // An id that is not a plain number names no record: 404, like an unknown one.
      ...publicReadOptions,
    },
    async (request, reply) => {
      const kind = kindByCollection(request.params.collection);
      if (!kind) return reply.code(404).send(notFound('No such record collection'));
      const record = request.validationError
        ? undefined
        : await findRecordDetail(database, kind, Number(request.params.id));
      if (!record) return reply.code(404).send(notFound('No such record'));
      return reply.header('cache-control', 'no-cache').send(record);
    },
  );
}
