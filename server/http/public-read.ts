import type { FastifyReply } from 'fastify';
import { strictValidatorCompiler } from './strict-validator.ts';

/**
 * The options of a public read of the JSON API: no session (the render cache may keep its
 * answer), parameters checked strictly, a failed check left to the handler
 * (attachValidation), which answers it in the API's own words.
 */
export const publicReadOptions = {
  config: { publicRead: true },
  validatorCompiler: strictValidatorCompiler,
  attachValidation: true,
} as const;

/** A list's answer: its page, or 400 saying what is wrong with the query. */
export async function sendListAnswer<T>(
  reply: FastifyReply,
  parsed: { ok: true; value: T } | { ok: false; message: string },
  page: (query: T) => unknown,
) {
  if (!parsed.ok) {
    return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: parsed.message });
  }
  // A database fault goes to the app's error handler, which logs it and answers in general terms.
  const answer = await page(parsed.value);
  return reply.header('cache-control', 'no-cache').send(answer);
}
