import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADVISORIES_FEED } from '../../shared/advisories/advisories.ts';
import { recordKinds } from '../../shared/record-kinds.ts';

/** Reads anyone may make from any site: the open data, the read API and its description. */
const PUBLIC_PREFIXES = ['/api/records/', '/api/content/', '/ocds/'];
const PUBLIC_PATHS = new Set([
  '/openapi.json',
  '/procurement.atom',
  ADVISORIES_FEED,
  '/api/advisories',
  '/api/advisories/past',
  ...recordKinds.flatMap((kind) => ['csv', 'json', 'atom'].map((ext) => `${kind.route}.${ext}`)),
]);

const READS = new Set(['GET', 'HEAD']);

export function isPublicReadPath(path: string): boolean {
  return PUBLIC_PATHS.has(path) || PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * Whether a request is a public read. An actual request is judged by the route Fastify
 * matched (its pattern, so no spelling of the URL can pass for another route); a preflight
 * (OPTIONS) has no route of its own yet, so it is judged by the method it asks for and the
 * normalised path. A preflight only lets the browser ask: the answer to the request itself
 * still decides whether the page may read it.
 */
function isPublicRead(request: FastifyRequest): boolean {
  if (request.method === 'OPTIONS') {
    const asked = request.headers['access-control-request-method'];
    if (typeof asked !== 'string' || !READS.has(asked.toUpperCase())) return false;
    return isPublicReadPath(new URL(request.url, 'http://localhost').pathname);
  }
  const route = request.routeOptions.url;
  return READS.has(request.method) && route !== undefined && isPublicReadPath(route);
}

const open: FastifyCorsOptions = {
  origin: '*',
  methods: ['GET', 'HEAD'],
  // Not on the CORS safelist, so a page could not read them otherwise: the validator to
  // send back in If-None-Match and the download's file name.
  exposedHeaders: ['ETag', 'Content-Disposition'],
  maxAge: 86400,
};

/**
 * Cross-origin access per request: public reads answer `Access-Control-Allow-Origin: *`
 * (without credentials, so no cookie ever rides along); the session, staff pages, uploads
 * and every write get no CORS headers at all, and their preflights are refused.
 */
export async function cors(app: FastifyInstance) {
  await app.register(fastifyCors, {
    delegator: (request, callback) =>
      callback(null, isPublicRead(request) ? open : { origin: false }),
  });
}
