import type { FastifyRequest } from 'fastify';

/**
 * A set-password link carries its token in the query, and whoever reads the token in a log
 * could set the account's password before its owner: the request log keeps the parameter's
 * name and drops its value.
 */
export function redactedUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** Fastify's own request serialiser (lib/logger-pino.js) with the URL redacted. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactedUrl(request.url),
      version: [request.headers['accept-version']].flat()[0],
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
