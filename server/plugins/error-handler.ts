import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../db/connection.ts';
import { errorPageHtml } from '../render/server-error-html.ts';

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * A full disk, a read-only or damaged file, or a lock held too long is a fault of the
 * server's storage, not of the request, and may clear (space freed, lock released): 503.
 * Writes run in transactions, so a failed one left nothing behind, and the visitor is told so.
 */
function databaseUnavailableMessage(request: FastifyRequest): string {
  return READ_METHODS.has(request.method)
    ? 'The database cannot be read right now. Please try again in a few minutes.'
    : 'The database cannot save changes right now, so nothing was saved. Please try again in a few minutes.';
}

/**
 * The one error handler of the app: JSON for the API, a plain page otherwise. Server
 * errors are logged and described to the visitor in general terms only; client errors
 * (bad input, refused CSRF token or origin) keep their message, which names no internals.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const unavailable = isDatabaseUnavailable(error);
  const status = unavailable
    ? 503
    : error.statusCode && error.statusCode >= 400
      ? error.statusCode
      : 500;
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  if (request.url.startsWith('/api/')) {
    return reply.code(status).send({
      statusCode: status,
      error:
        status === 503
          ? 'Service Unavailable'
          : status >= 500
            ? 'Internal Server Error'
            : error.name,
      message: unavailable
        ? databaseUnavailableMessage(request)
        : status >= 500
          ? 'Something went wrong on our side.'
          : error.message,
    });
  }
  return reply.code(status).type('text/html; charset=utf-8').send(errorPageHtml(status));
}
