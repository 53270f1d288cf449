import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDatabase } from '../../db/connection.ts';
import { parseListQuery, type ParameterValue } from '../../shared/records/list-query.ts';
import { findRecordDetail } from '../../db/records/record-detail-queries.ts';
import { listRecords } from '../../db/records/record-queries.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { errorResponses } from '../http/error-schemas.ts';
import { recordDetailSchema, recordPageSchema } from './record-responses.ts';
import { listParamsSchema, listQuerystringSchema, recordParamsSchema } from './schemas.ts';
import { strictValidatorCompiler } from '../http/strict-validator.ts';

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
 * Both reads are public (no session), check their parameters strictly, and leave a failed
 * check to the handler (attachValidation), which answers it in the API's own words.
 */
export const publicReadOptions = {
  config: { publicRead: true },
  validatorCompiler: strictValidatorCompiler,
  attachValidation: true,
} as const;

/** A list query parseListQuery refused: 400 with its reason (the supplier list answers so too). */
export function badListQuery(reply: FastifyReply, message: string) {
  return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message });
}

/**
 * The public read API of the eight procurement lists: one page, newest first, optionally
 * searched and limited to Manila days posted; and each record as a public document.
 */
export async function recordsApiRoutes(
  app: FastifyInstance,
  { database }: { database: AppDatabase },
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
      const parsed = parseListQuery({ q, page, from, to });
      if (!parsed.ok) return badListQuery(reply, parsed.message);
      // A database fault goes to the app's error handler, which logs it and answers in general terms.
      return reply
        .header('cache-control', 'no-cache')
        .send(listRecords(database, kind, parsed.value));
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
        : findRecordDetail(database, kind, Number(request.params.id));
      if (!record) return reply.code(404).send(notFound('No such record'));
      return reply.header('cache-control', 'no-cache').send(record);
    },
  );
}
