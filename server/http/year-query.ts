import type { FastifyReply, FastifyRequest } from 'fastify';
import { planYearOf } from '../../shared/procurement-projects/procurement-plan.ts';

export interface YearRequest {
  Querystring: { year?: string };
}

/** `?year=` as a route's JSON schema declares it; `meaning` says what a missing year gives. */
export function yearQuerystringSchema(meaning: string) {
  return {
    type: 'object',
    properties: {
      year: { type: 'string', description: `Four digits; when missing, ${meaning}` },
    },
  } as const;
}

/**
 * The year a by-year answer (JSON or CSV) was asked for: undefined for none; false after
 * answering 400 in the answer's own form, so a mistyped year is said, not ignored.
 */
export function askedYear(
  request: FastifyRequest<YearRequest>,
  reply: FastifyReply,
  json: boolean,
): number | undefined | false {
  const text = request.query.year;
  if (text === undefined || text === '') return undefined;
  const year = planYearOf(text);
  if (!request.validationError && year !== undefined) return year;
  const message = 'year must be four digits, e.g. 2026.';
  reply.code(400);
  if (json) reply.send({ statusCode: 400, error: 'Bad Request', message });
  else reply.type('text/plain; charset=utf-8').send(`${message}\n`);
  return false;
}
