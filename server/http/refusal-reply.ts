import type { FastifyReply } from 'fastify';

/** A service's refusal as every write route sends it: the `errorSchema` body (error-schemas.ts). */
export interface Refusal {
  status: number;
  code: string;
  message: string;
  fieldErrors: Readonly<Record<string, string | undefined>>;
}

/**
 * Sends a refusal with its status, its code (which pages word in their language), the
 * English message for the API's readers and the problems per field.
 */
export function sendRefusal(reply: FastifyReply, refusal: Refusal) {
  return reply.code(refusal.status).send({
    statusCode: refusal.status,
    code: refusal.code,
    message: refusal.message,
    errors: refusal.fieldErrors,
  });
}
