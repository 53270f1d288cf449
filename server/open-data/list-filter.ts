import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExportFilter } from '../../db/records/record-export.ts';
import { parseListQuery, type ParameterValue } from '../../shared/records/list-query.ts';
import { listQuerystringSchema } from '../records/schemas.ts';
import { strictValidatorCompiler } from '../http/strict-validator.ts';

export type ListFilterQuery = { q?: ParameterValue; from?: ParameterValue; to?: ParameterValue };

/**
 * The route options of a download or feed: q, from and to declared for /openapi.json. The
 * schema never refuses a request by itself; listFilter says what is wrong in words.
 */
export const listFilterRouteOptions = {
  schema: {
    querystring: {
      type: 'object',
      properties: {
        q: listQuerystringSchema.properties.q,
        from: listQuerystringSchema.properties.from,
        to: listQuerystringSchema.properties.to,
      },
    },
  },
  validatorCompiler: strictValidatorCompiler,
  attachValidation: true,
} as const;

/**
 * A download's or feed's q, from and to, read exactly as the list page reads them (the
 * page number, which a download has no use for, is not looked at). On bad input it answers
 * 400 with parseListQuery's message, as JSON for a JSON download and as text otherwise,
 * and returns undefined.
 */
export function listFilter(
  request: FastifyRequest<{ Querystring: ListFilterQuery }>,
  reply: FastifyReply,
  answer: 'json' | 'text',
): ExportFilter | undefined {
  const { q, from, to } = request.query;
  const parsed = parseListQuery({ q, from, to });
  if (parsed.ok) {
    const { q: text, from: first, to: last } = parsed.value;
    return { q: text, ...(first ? { from: first } : {}), ...(last ? { to: last } : {}) };
  }
  reply.code(400);
  if (answer === 'json') {
    reply.send({ statusCode: 400, error: 'Bad Request', message: parsed.message });
  } else {
    reply.type('text/plain; charset=utf-8').send(`${parsed.message}\n`);
  }
  return undefined;
}
