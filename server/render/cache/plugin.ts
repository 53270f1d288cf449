import { pathWithoutLang } from '../../../shared/i18n/languages.ts';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isStaffPage } from '../../../client/staff/staff-pages.ts';
import { isAlertPagePath } from '../../../shared/alerts/alert-subscription.ts';
import { SESSION_COOKIE } from '../../plugins/staff-session.ts';
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
import { canonicalPath } from './canonical-path.ts';

/**
 * Every query parameter a public page or read API answer depends on: the lists' search,
 * page and Posted from/to, the home page's chosen video, the Full Disclosure year and the
 * procurement projects' filters (year, mode, status, supplier). Others (utm_source, fbclid…)
 * are dropped before rendering, so they share the entry; a new parameter a page reads must
 * be added here or it will never reach the page.
 */
export const KNOWN_PARAMETERS = [
  'from',
  'mode',
  'page',
  'q',
  'status',
  'supplier',
  'to',
  'video',
  'year',
] as const;

export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * An onRequest hook for routes whose answers, refusals included, belong to the one who
 * asked (the staff API, uploads): no shared cache may keep one.
 */
export function privateAnswers(_request: FastifyRequest, reply: FastifyReply, done: () => void) {
  reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  done();
}

const READS = new Set(['GET', 'HEAD']);
/**
 * A cookie the session could be read from, under either name (`__Host-` ends the same),
 * in any letter case and with any white space before its `=`: looser than the cookie
 * parser, which trims spaces and tabs around a name and matches it exactly, so that no
 * spelling it accepts passes for a visitor without a session.
 */
const POSSIBLE_SESSION_COOKIE = new RegExp(`${SESSION_COOKIE}\\s*=`, 'i');
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
    /**
     * The route renders pages, public ones and staff ones alike: anonymous GETs are cached
     * when the render says its route is public (`PublicCacheState.publicRoute`), everything
     * else is private.
     */
    publicPage?: boolean;
    /** The route answers public reads only: anonymous GETs are cached, everything else is private. */
    publicRead?: boolean;
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
  /**
   * A read in the canonical spelling that brings no signed-in session (a cookie that does
   * not open as one counts as none): answered from the cache, or rendered for everyone, as
   * if it carried no cookie, and stored if the answer passes the checks of
   * `responseCacheStore`.
   */
  shared: boolean;
  /** The path and known parameters, sorted: what a shared request is rendered and keyed as. */
  url: string;
  key: string;
  /** The answer came from memory. */
  served: boolean;
  /**
   * The matched route answers the public: set for `publicRead` routes, and for pages by
   * the page handler from the route its render matched. Nothing is stored without it.
   */
  publicRoute: boolean;
  /** The canonical spelling of a URL asked for in another: answered with a 301 to it. */
  redirect?: string;
  /** Set on the one request rendering a key while others wait for it. */
  settle?: (entry: CachedResponse | undefined) => void;
}

/** The path (canonical by now: other spellings were redirected) and the known parameters. */
function normalisedUrl(path: string, request: FastifyRequest): string {
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

/** Whether the request may carry a session cookie, however the header spells it, once or more. */
function mayCarrySession(request: FastifyRequest): boolean {
  const header = request.headers.cookie as string | string[] | undefined;
  if (header === undefined) return false;
  return POSSIBLE_SESSION_COOKIE.test(Array.isArray(header) ? header.join(';') : header);
}

/**
 * Whether the request brings a signed-in session, decided from the session as the session
 * plugin will open it (its parser, cookie name and keys), not from how the header looks:
 * `Cookie: bac_session=anything` opens as no session, so it must not switch the cache off
 * and make every page render afresh. Only a header that could hold the cookie is opened.
 * Without the session plugin nothing can be opened, and every such header counts as one.
 */
function signedIn(app: FastifyInstance, request: FastifyRequest): boolean {
  if (!mayCarrySession(request)) return false;
  return app.hasDecorator('carriesSignedInSession') ? app.carriesSignedInSession(request) : true;
}

/**
 * The session as the app parsed it (@fastify/secure-session, after the render) holds
 * nothing: no cookie came that decrypts, and the render put nothing in it. Without the
 * session plugin nothing counts as anonymous.
 */
function renderedForAnonymous(request: FastifyRequest): boolean {
  const data = (request.session as FastifyRequest['session'] | undefined)?.data();
  return data !== undefined && Object.values(data).every((value) => value === undefined);
}

/**
 * The canonical URL of a read asked for in another spelling of its path, or undefined
 * when the path is canonical. The query is kept as it came.
 */
function canonicalRedirect(
  path: string,
  query: string | undefined,
  page: boolean,
): string | undefined {
  const canonical = canonicalPath(path, { lowerCase: page });
  if (canonical === path) return undefined;
  return query === undefined ? canonical : `${canonical}?${query}`;
}

function splitUrl(url: string): [string, string | undefined] {
  const mark = url.indexOf('?');
  return mark === -1 ? [url, undefined] : [url.slice(0, mark), url.slice(mark + 1)];
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
 * A GET or HEAD of a covered route (`publicPage`, `publicRead`) is answered from memory
 * when the same URL (path and known parameters) was answered at the current page version
 * (the data version and the advisory epoch, page-version.ts);
 * otherwise it goes on to its route, and `responseCacheStore` keeps the finished answer if
 * the app rendered it for an anonymous visitor on a public route and it set no cookie.
 * Entries are therefore anonymous public answers only, and a hit may serve one before the
 * session is parsed. Requests with a signed-in session skip hits all the same (the answer is
 * rendered for them), so a page shown to staff never comes from here even if a public page
 * one day shows who is signed in; a session cookie that does not open as one (junk, expired,
 * another key, no session id) counts as none, or any client could switch the cache off. While one request renders a key, others for
 * it wait for that render. Staff pages, writes and answers that are not kept are sent
 * `private, no-store` (`no-store` from 500 up). 404 answers are stored like others: a URL
 * that names nothing today names nothing until the data changes. Another spelling of a
 * covered URL is sent to its canonical one (`canonical-path.ts`) with a private 301.
 */
export const responseCache = fp(
  async (
    app: FastifyInstance,
    {
      maxBytes,
      development,
      pageVersion,
      afterWrite,
    }: {
      maxBytes: number;
      development: boolean;
      /**
       * Brings `pageVersion` up to a write this process just committed (serving-database.ts),
       * awaited before any request other than a read is answered: a reader sent once the
       * write is answered gets pages as of the write, not from before it.
       */
      afterWrite?: () => Promise<void>;
      /**
       * What a cached page's key is valid for (page-version.ts: SQLite's per-turn read, or
       * PostgreSQL's watched version), undefined while it is not known: nothing is kept or
       * served then.
       */
      pageVersion: () => string | undefined;
    },
  ) => {
    // Development renders change with the code, not the data: nothing is kept there.
    const cache = new ResponseCache(development ? 0 : maxBytes);
    app.decorate('responseCache', cache);
    app.decorateRequest('publicCache', null);

    if (afterWrite) {
      app.addHook('onSend', (request, _reply, payload, done) => {
        if (READS.has(request.method)) return done(null, payload);
        afterWrite().then(
          () => done(null, payload),
          (error: unknown) => {
            // The write is committed whatever this read does: a failure only leaves the
            // cache to the notification, so it is logged rather than answered.
            request.log.warn({ err: error }, 'The data version could not be read after a write');
            done(null, payload);
          },
        );
      });
    }

    // Callback-style hooks: a hit creates no promise (React's AsyncLocalStorage makes every
    // promise pay for async hooks once the first page has rendered).
    app.addHook('onRequest', (request, reply, done) => {
      const { publicPage, publicRead } = request.routeOptions.config;
      if (publicPage !== true && publicRead !== true) return done();
      const read = READS.has(request.method);
      const state: PublicCacheState = {
        shared: false,
        url: '',
        key: '',
        served: false,
        publicRoute: publicRead === true,
      };
      request.publicCache = state;
      const [path, query] = splitUrl(request.url);
      // Development is left alone: Vite's middleware answers its module URLs, capitals and
      // all, after these hooks, and nothing is kept there anyway.
      if (read && !development) {
        state.redirect = canonicalRedirect(path, query, publicPage === true);
        if (state.redirect !== undefined) return done();
      }
      // Public pages look the same to staff, but a request with a signed-in session is
      // rendered for itself, so that no page ever shown to staff is answered from here.
      // A staff page is rendered for the one who asks, with its whole query; that its
      // answer is not kept is decided after the render, from the route it matched. So are
      // the bid-alert pages, which read their own query (a form's problems) and signed links.
      state.shared =
        read &&
        !(
          publicPage === true &&
          (isStaffPage(pathWithoutLang(path)) || isAlertPagePath(pathWithoutLang(path)))
        ) &&
        !signedIn(app, request);
      if (!state.shared) return done();
      const generation = pageVersion();
      // The data version is not known (PostgreSQL's listener is reconnecting): this answer
      // is rendered for its visitor and neither kept nor served from the cache.
      if (generation === undefined) {
        state.shared = false;
        return done();
      }
      // Rendered for everyone, so as for a visitor without cookies: whatever a cookie that
      // opens no signed-in session holds (junk, the sign-in form's CSRF secret) reaches
      // neither the render nor the session, and the answer can be kept as any visitor's.
      delete request.raw.headers.cookie;
      state.url = normalisedUrl(path, request);
      cache.observeGeneration(generation);
      state.key = `${generation} ${state.url}`;
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

    app.addHook('onRequest', (request, reply, done) => {
      const state = request.publicCache;
      // One spelling per URL, so that no other spelling becomes a second entry or reaches a
      // route unrecognised by the checks above. Sent here, after helmet, so the redirect
      // has the site's headers; onSend marks it private.
      if (state?.redirect !== undefined) {
        reply.redirect(state.redirect, 301);
        return;
      }
      // A shared answer must not carry the per-request nonce helmet has just put in the CSP.
      if (state?.shared && !development)
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
      // Decided on what the app itself made of the request, after answering it: the route
      // it matched, the session it parsed and the cookie it set.
      const storable =
        state.publicRoute &&
        renderedForAnonymous(request) &&
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
  { name: 'response-cache-store', dependencies: ['response-cache', 'staff-session'] },
);
