import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readDataVersion } from '../../../db/data-version.ts';
import type { AppDatabase } from '../../../db/connection.ts';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../../plugins/staff-session.ts';
import {
  setTransportSecurity,
  sharedContentSecurityPolicy,
} from '../../plugins/security-headers.ts';
import {
  buildEntry,
  etagOf,
  ResponseCache,
  type CachedResponse,
  type Encoding,
} from './response-cache.ts';

/**
 * Every query parameter a public page or read API answer depends on: the lists' search,
 * page and Posted from/to, and the home page's chosen video. Others (utm_source, fbclid…)
 * are dropped before rendering, so they share the entry; a new parameter a page reads must
 * be added here or it will never reach the page.
 */
export const KNOWN_PARAMETERS = ['from', 'page', 'q', 'to', 'video'] as const;

/** Route patterns of the public read API. */
const PUBLIC_API_PREFIXES = ['/api/records/', '/api/content/'];

export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

const READS = new Set(['GET', 'HEAD']);
const SESSION_COOKIE_PATTERN = new RegExp(
  `(?:^|;)\\s*(?:${SESSION_COOKIE}|${SECURE_SESSION_COOKIE})=`,
);
/**
 * Headers that belong to one request or are set from the entry as it is served; every
 * other header of a stored answer (type, CSP, helmet's security headers, CORS) is kept
 * with it, since hits are answered before the plugins that set those run.
 */
const PER_REQUEST_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'etag',
  'cache-control',
  'strict-transport-security',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);
const ENCODINGS: Encoding[] = ['br', 'gzip'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers public pages: anonymous GETs are cached, everything else is private. */
    publicPage?: boolean;
  }
  interface FastifyRequest {
    /** How the render cache treats this request; null on routes it does not cover. */
    publicCache: PublicCacheState | null;
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

export interface PublicCacheState {
  /** An anonymous read of a public URL: served from, and stored in, the cache. */
  shared: boolean;
  /** The path and known parameters, sorted: what a shared request is rendered and keyed as. */
  url: string;
  key: string;
  /** The answer came from memory. */
  served: boolean;
  /** Set on the one request rendering a key while others wait for it. */
  settle?: (entry: CachedResponse | undefined) => void;
}

/** The path as sent (dot segments unresolved, as the router saw it) and the known parameters. */
function normalisedUrl(request: FastifyRequest): string {
  const path = request.url.split('?', 1)[0] ?? '/';
  const query = (request.query ?? {}) as Record<string, string | string[] | undefined>;
  const params = new URLSearchParams();
  for (const name of KNOWN_PARAMETERS) {
    const value = query[name];
    for (const item of value === undefined ? [] : Array.isArray(value) ? value : [value])
      params.append(name, item);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function isCovered(request: FastifyRequest): boolean {
  if (request.routeOptions.config.publicPage === true) return true;
  const route = request.routeOptions.url;
  return route !== undefined && PUBLIC_API_PREFIXES.some((prefix) => route.startsWith(prefix));
}

/** Whether anyone could hold a different answer for this URL: a session (staff or sign-in form) or a staff page. */
function isPersonal(request: FastifyRequest, path: string): boolean {
  return path.startsWith('/bac-') || SESSION_COOKIE_PATTERN.test(request.headers.cookie ?? '');
}

/** Adds names to a Vary list that lacks them (case-insensitively), keeping what is there. */
function withVary(present: string, ...names: string[]): string {
  const listed = present
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const lower = new Set(listed.map((name) => name.toLowerCase()));
  return [...listed, ...names.filter((name) => !lower.has(name.toLowerCase()))].join(', ');
}

/** RFC 9110 §13.1.2: weak comparison, any listed tag or `*`. */
function matchesIfNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * Sets the headers of a shared answer and returns its body in the encoding the client
 * takes, or null for a 304.
 */
function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedResponse,
): Buffer | null {
  const accepted = negotiate(
    request.headers['accept-encoding'] ?? '',
    ENCODINGS.filter((encoding) => entry.bodies[encoding]),
  ) as Encoding | undefined;
  const encoding: Encoding = accepted && entry.bodies[accepted] ? accepted : 'identity';
  const etag = etagOf(entry, encoding);
  reply.code(entry.status).headers(entry.headers);
  setTransportSecurity(request, reply);
  reply.removeHeader('content-length');
  if (encoding === 'identity') reply.removeHeader('content-encoding');
  else reply.header('content-encoding', encoding);
  // The body is final: @fastify/compress must neither encode it again nor encode the
  // identity form for a client that takes an encoding we do not keep (deflate).
  request.headers['x-no-compression'] = '1';
  reply.header('etag', etag).header('cache-control', PUBLIC_CACHE_CONTROL);
  if (entry.status === 200 && matchesIfNoneMatch(request, etag)) {
    reply.code(304);
    return null;
  }
  return entry.bodies[encoding]!;
}

/** What a stored answer is served with: the render's own headers, varying by encoding and session. */
/**
 * The data version, read once per turn of the event loop instead of once per request: the
 * read is a SQLite read transaction (a lock on the WAL index, taken and released by
 * syscalls), about a seventh of a cache hit's CPU time. The requests libuv hands over in
 * one poll had all arrived before the first of them read the version, so a write committed
 * before any of them was sent is seen by all; `setImmediate` forgets the version once the
 * poll is over. The one exception: with more than 1,024 connections ready at once libuv
 * polls again within the turn, and those later arrivals are answered as of that turn's
 * first read, a few milliseconds old.
 */
function dataVersionPerTurn(database: AppDatabase): () => number {
  let version: number | undefined;
  const forget = () => {
    version = undefined;
  };
  return () => {
    if (version === undefined) {
      version = readDataVersion(database);
      setImmediate(forget);
    }
    return version;
  };
}

function storedHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && !PER_REQUEST_HEADERS.has(name.toLowerCase()))
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  headers.vary = withVary(headers.vary ?? '', 'Accept-Encoding', 'Cookie');
  return headers;
}

/**
 * The render cache and HTTP caching of public pages and the public read API, part one:
 * answering from memory. Registered before every other plugin, so that a hit is answered
 * in the first hook, with the headers stored in its entry, before helmet, CORS and the
 * session do their per-request work: that work is what separated a hit from a static file.
 *
 * An anonymous GET or HEAD of a public URL is answered from memory when the same URL (path
 * and known parameters) was answered at the current data version; otherwise it goes on to
 * its route, and `responseCacheStore` keeps the finished answer. While one request renders
 * a key, others for it wait for that render. Requests with a session cookie, staff pages,
 * writes and answers of 500 and above are never stored or served from here; they are sent
 * `private, no-store`. 404 answers are stored like others: a URL that names nothing today
 * names nothing until the data changes.
 */
export const responseCache = fp(
  async (
    app: FastifyInstance,
    {
      database,
      maxBytes,
      development,
    }: { database: AppDatabase; maxBytes: number; development: boolean },
  ) => {
    // Development renders change with the code, not the data: nothing is kept there.
    const cache = new ResponseCache(development ? 0 : maxBytes);
    app.decorate('responseCache', cache);
    app.decorateRequest('publicCache', null);
    const currentDataVersion = dataVersionPerTurn(database);

    // Callback-style hooks: a hit creates no promise (React's AsyncLocalStorage makes every
    // promise pay for async hooks once the first page has rendered).
    app.addHook('onRequest', (request, reply, done) => {
      if (!isCovered(request)) return done();
      const url = normalisedUrl(request);
      const shared = READS.has(request.method) && !isPersonal(request, url);
      const state: PublicCacheState = { shared, url, key: '', served: false };
      request.publicCache = state;
      if (!shared) return done();
      const version = currentDataVersion();
      cache.observeVersion(version);
      state.key = `${version} ${url}`;
      const serve = (entry: CachedResponse | undefined) => {
        if (!entry) {
          cache.stats.misses += 1;
          return done();
        }
        cache.stats.hits += 1;
        state.served = true;
        reply.send(answer(request, reply, entry));
      };
      const entry = cache.get(state.key);
      if (entry) return serve(entry);
      const pending = cache.pendingFor(state.key);
      if (pending) return void pending.then(serve);
      state.settle = cache.begin(state.key);
      serve(undefined);
    });
  },
  { name: 'response-cache' },
);

/**
 * Part two: registered after the security headers, CORS and the session, whose headers and
 * cookie it must see, it stores each finished shared answer (headers included) and marks
 * the rest private.
 */
export const responseCacheStore = fp(
  async (app: FastifyInstance, { development }: { development: boolean }) => {
    const cache = app.responseCache;

    // A shared answer must not carry the per-request nonce helmet has just put in the CSP.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.publicCache?.shared && !development)
        reply.header('content-security-policy', sharedContentSecurityPolicy());
      done();
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const state = request.publicCache;
      if (!state || state.served) return done(null, payload);
      if (!state.shared) {
        reply.header('cache-control', PRIVATE_CACHE_CONTROL);
        return done(null, payload);
      }
      const storable =
        reply.statusCode < 500 &&
        !reply.hasHeader('set-cookie') &&
        (typeof payload === 'string' || Buffer.isBuffer(payload));
      if (!storable) {
        state.settle?.(undefined);
        reply.header('cache-control', reply.statusCode >= 500 ? 'no-store' : PRIVATE_CACHE_CONTROL);
        return done(null, payload);
      }
      buildEntry(reply.statusCode, storedHeaders(reply), payload).then((entry) => {
        if (state.settle) state.settle(entry);
        else cache.set(state.key, entry);
        done(null, answer(request, reply, entry));
      }, done);
    });

    // A render that ends without onSend (the client left, a hook failed) lets the waiting requests render.
    const release = (request: FastifyRequest) => request.publicCache?.settle?.(undefined);
    app.addHook('onResponse', (request, _reply, done) => {
      release(request);
      done();
    });
    app.addHook('onRequestAbort', (request, done) => {
      release(request);
      done();
    });
  },
  { name: 'response-cache-store', dependencies: ['response-cache'] },
);
