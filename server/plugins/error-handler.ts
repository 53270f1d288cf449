import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorPageHtml } from '../render/server-error-html.ts';

/**
 * The one error handler of the app: JSON for the API, a plain page otherwise. Server
 * errors are logged and described to the visitor in general terms only; client errors
 * (bad input, refused CSRF token or origin) keep their message, which names no internals.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  if (request.url.startsWith('/api/')) {
    return reply.code(status).send({
      statusCode: status,
      error: status >= 500 ? 'Internal Server Error' : error.name,
      message: status >= 500 ? 'Something went wrong on our side.' : error.message,
    });
  }
  return reply.code(status).type('text/html; charset=utf-8').send(errorPageHtml(status));
}
