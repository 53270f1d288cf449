import type { FastifyRequest } from 'fastify';

/**
 * Route loaders read only the path and query, so the origin is a fixed placeholder: the
 * Host header is the client's to write and must never become part of a URL. Joining as
 * text keeps a path such as `//evil.example/x` a path instead of a host.
 */
const INTERNAL_ORIGIN = 'http://localhost';

/**
 * The Fetch Request that React Router's static handler expects, built from Fastify's;
 * `path` replaces the request's path and query (the render cache renders a shared page
 * from its normalised URL).
 */
export function toFetchRequest(
  request: FastifyRequest,
  signal: AbortSignal,
  path = request.url,
): Request {
  const url = new URL(INTERNAL_ORIGIN + path);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // HEAD is rendered like GET; Fastify drops the body.
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const init: RequestInit = { method, headers, signal };
  if (method !== 'GET' && typeof request.body === 'string') init.body = request.body;
  return new Request(url, init);
}
