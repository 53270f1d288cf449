import type { FastifyRequest } from 'fastify';

/** The Fetch Request that React Router's static handler expects, built from Fastify's. */
export function toFetchRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
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
