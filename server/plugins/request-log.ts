import type { FastifyRequest } from 'fastify';

/** An alert link's token: the path segment after its purpose (and after the JSON route's). */
const ALERT_TOKEN_PATH = /(\/alerts\/+(?:confirm|manage|unsubscribe|subscriptions)\/+)[^/?#]+/gi;
/** The same token by its shape, wherever it is in an address that another spelling hides. */
const ALERT_TOKEN_MAC =
  /((?:confirm|manage|unsubscribe)(?:\.|%2e)[0-9]+(?:\.|%2e)[0-9]+(?:\.|%2e))[0-9a-f]{32}/gi;

/**
 * A set-password link carries its token in the query, and whoever reads the token in a log
 * could set the account's password before its owner: the request log keeps the parameter's
 * name and drops its value. An alert link (confirm, manage, unsubscribe) carries its token
 * in the path and opens a subscriber's address and settings: the segment is dropped too.
 */
export function redactedUrl(url: string): string {
  return url
    .replace(/([?&]token=)[^&#]*/gi, '$1[redacted]')
    .replace(ALERT_TOKEN_PATH, '$1[redacted]')
    .replace(ALERT_TOKEN_MAC, '$1[redacted]');
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
