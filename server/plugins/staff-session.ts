import fastifyCsrf from '@fastify/csrf-protection';
import fastifySecureSession from '@fastify/secure-session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDatabase } from '../../db/connection.ts';
import { findStaffById, type StaffUser } from '../../db/staff-accounts.ts';

declare module '@fastify/secure-session' {
  interface SessionData {
    /** Staff account id, set on sign-in. */
    uid: number;
    /** The account's session version at sign-in; a raised version ends this session. */
    ver: number;
    /** Sign-in time (ms), for the absolute expiry. */
    iat: number;
    /** Last request time (ms), for the idle expiry. */
    seen: number;
    /** A message shown once on the next page, such as 'Login successful'. */
    flash: string;
  }
}

export const SESSION_COOKIE = 'bac_session';
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** Renewing the idle timer more often than this only rewrites the cookie for nothing. */
const SEEN_RESOLUTION_MS = 60 * 1000;

export type CookieSecure = boolean | 'auto';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The CSRF token travels in a header (JSON API) or a hidden `_csrf` field (HTML forms). */
function csrfTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-csrf-token'];
  if (typeof header === 'string') return header;
  if (typeof request.body === 'string')
    return new URLSearchParams(request.body).get('_csrf') ?? undefined;
  if (request.body && typeof request.body === 'object') {
    const field = (request.body as Record<string, unknown>)._csrf;
    if (typeof field === 'string') return field;
  }
  return undefined;
}

function forbidden(message: string) {
  return Object.assign(new Error(message), { statusCode: 403, name: 'Forbidden' });
}

/**
 * Encrypted cookie sessions for BAC staff, CSRF tokens bound to them, and a refusal of
 * state-changing requests that another site started (Origin / Sec-Fetch-Site).
 */
export const staffSession = fp(
  async (app: FastifyInstance, options: { keys: Buffer[]; cookieSecure: CookieSecure }) => {
    await app.register(fastifySecureSession, {
      key: options.keys,
      cookieName: SESSION_COOKIE,
      expiry: ABSOLUTE_TIMEOUT_MS / 1000,
      cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: options.cookieSecure },
    });
    await app.register(fastifyCsrf, {
      sessionPlugin: '@fastify/secure-session',
      getToken: csrfTokenOf,
    });

    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin' && site !== 'none') {
        throw forbidden('Requests from other sites are refused.');
      }
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
        throw forbidden('Requests from other sites are refused.');
      }
    });
  },
  { name: 'staff-session' },
);

const resolvedUsers = new WeakMap<FastifyRequest, Promise<StaffUser | null>>();

/**
 * The signed-in staff account, or null. The cookie alone is not trusted: the account must
 * still exist, be active and have the session version the cookie was issued with, and
 * neither the idle nor the absolute expiry may have passed.
 */
export function currentStaff(
  request: FastifyRequest,
  database: AppDatabase,
): Promise<StaffUser | null> {
  let resolved = resolvedUsers.get(request);
  if (!resolved) {
    resolved = resolveStaff(request, database);
    resolvedUsers.set(request, resolved);
  }
  return resolved;
}

async function resolveStaff(
  request: FastifyRequest,
  database: AppDatabase,
): Promise<StaffUser | null> {
  const session = request.session;
  const uid = session.get('uid');
  if (uid === undefined) return null;
  const now = Date.now();
  const iat = session.get('iat') ?? 0;
  const seen = session.get('seen') ?? 0;
  const user =
    now - iat < ABSOLUTE_TIMEOUT_MS && now - seen < IDLE_TIMEOUT_MS
      ? await findStaffById(database, uid)
      : undefined;
  if (!user || !user.active || user.sessionVersion !== session.get('ver')) {
    session.delete();
    return null;
  }
  if (now - seen >= SEEN_RESOLUTION_MS) session.set('seen', now);
  return user;
}

/** A new session (no value of the old one survives) for the account that just signed in. */
export function beginStaffSession(request: FastifyRequest, user: StaffUser): void {
  const now = Date.now();
  request.session.regenerate();
  request.session.set('uid', user.id);
  request.session.set('ver', user.sessionVersion);
  request.session.set('iat', now);
  request.session.set('seen', now);
  resolvedUsers.set(request, Promise.resolve(user));
}

export function endStaffSession(request: FastifyRequest): void {
  request.session.delete();
  resolvedUsers.set(request, Promise.resolve(null));
}

/** Reads and clears the one-time message. */
export function takeFlash(request: FastifyRequest): string | null {
  const flash = request.session.get('flash');
  if (flash === undefined) return null;
  request.session.set('flash', undefined);
  return flash;
}
