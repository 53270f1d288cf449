import fastifyCsrf from '@fastify/csrf-protection';
import fastifySecureSession from '@fastify/secure-session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDatabase } from '../../db/connection.ts';
import { codeIn } from '../../shared/refusals.ts';
import { FLASH_CODES, type FlashCode } from '../../shared/staff-services.ts';
import { findStaffById, type StaffUser } from '../../db/staff-accounts/staff-accounts.ts';
import {
  liveSessionAccount,
  openStaffSession,
  revokeStaffSession,
} from '../../db/staff-accounts/staff-sessions.ts';
import {
  KNOWN_DEVICE_COOKIE,
  KNOWN_DEVICE_DAYS,
  KNOWN_DEVICE_SESSION,
  SECURE_KNOWN_DEVICE_COOKIE,
} from '../auth/known-device.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Whether the request's session cookie opens as a signed-in session (one holding a
     * session id), read as the session plugin will read it: the same cookie parser, the
     * same name and keys. For the render cache's first hook, which runs before this plugin.
     */
    carriesSignedInSession(request: FastifyRequest): boolean;
  }
}

declare module '@fastify/secure-session' {
  interface SessionData {
    /** The server-side session id, set on sign-in; only a live staff_sessions row honours it. */
    sid: string;
    /** A message shown once on the next page, as its code (SIGNED_IN after a sign-in). */
    flash: FlashCode;
  }
}

export const SESSION_COOKIE = 'bac_session';
/**
 * The name over HTTPS. Browsers accept a `__Host-` cookie only when it is Secure, has
 * Path=/ and no Domain, so neither a sibling subdomain nor plain HTTP can plant or
 * overwrite it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** Renewing the idle timer more often than this only writes to the database for nothing. */
const SEEN_RESOLUTION_MS = 60 * 1000;

export type CookieSecure = boolean | 'auto';

/** With 'auto' the cookie may travel over plain HTTP, where a `__Host-` cookie is refused. */
export function sessionCookieName(cookieSecure: CookieSecure): string {
  return cookieSecure === true ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

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
    const knownDeviceSeconds = KNOWN_DEVICE_DAYS * 24 * 60 * 60;
    await app.register(fastifySecureSession, [
      {
        sessionName: 'session',
        key: options.keys,
        cookieName: sessionCookieName(options.cookieSecure),
        expiry: ABSOLUTE_TIMEOUT_MS / 1000,
        cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: options.cookieSecure },
      },
      {
        sessionName: KNOWN_DEVICE_SESSION,
        key: options.keys,
        cookieName:
          options.cookieSecure === true ? SECURE_KNOWN_DEVICE_COOKIE : KNOWN_DEVICE_COOKIE,
        expiry: knownDeviceSeconds,
        // Only sign-in posts, which are same-origin, need it: Strict keeps it off every other site's request.
        cookie: {
          path: '/',
          httpOnly: true,
          sameSite: 'strict',
          secure: options.cookieSecure,
          maxAge: knownDeviceSeconds,
        },
      },
    ]);
    const cookieName = sessionCookieName(options.cookieSecure);
    app.decorate('carriesSignedInSession', (request: FastifyRequest) => {
      const header = request.raw.headers.cookie;
      if (header === undefined) return false;
      const cookie = app.parseCookie(header)[cookieName];
      if (cookie === undefined) return false;
      // A cookie that does not open (junk, another key, expired) is no session at all, and
      // one that opens without a session id (the sign-in form's CSRF secret) is nobody's.
      return app.decodeSecureSession(cookie, request.log, 'session')?.get('sid') !== undefined;
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
 * The signed-in staff account, or null. The cookie alone is not trusted: its session id
 * must name a session in the database that is not revoked and within the idle and the
 * absolute expiry, and the account must still be active.
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
  const sid = request.session.get('sid');
  if (sid === undefined) return null;
  const accountId = await liveSessionAccount(database, sid, {
    now: request.server.clock.now().getTime(),
    idleMs: IDLE_TIMEOUT_MS,
    absoluteMs: ABSOLUTE_TIMEOUT_MS,
    seenResolutionMs: SEEN_RESOLUTION_MS,
  });
  const user = accountId === undefined ? undefined : await findStaffById(database, accountId);
  if (!user || !user.active) {
    // Emptied rather than deleted: a deleted session's cookie is cleared when the answer is
    // sent, whatever is set in it afterwards, so the CSRF secret behind the token the same
    // answer hands out (the sign-in form's) would be lost and that sign-in refused with 403.
    request.session.regenerate();
    return null;
  }
  return user;
}

/**
 * A new session (no value of the old one survives) for the account that just signed in.
 * A session the browser still held is revoked, so its cookie cannot come back.
 */
export async function beginStaffSession(
  request: FastifyRequest,
  database: AppDatabase,
  user: StaffUser,
): Promise<void> {
  const now = request.server.clock.now().getTime();
  const previous = request.session.get('sid');
  if (previous !== undefined) await revokeStaffSession(database, previous, now);
  const sid = await openStaffSession(database, user.id, { now, absoluteMs: ABSOLUTE_TIMEOUT_MS });
  request.session.regenerate();
  request.session.set('sid', sid);
  resolvedUsers.set(request, Promise.resolve(user));
}

/** Revokes the session on the server as well, so a saved copy of the cookie is no session. */
export async function endStaffSession(
  request: FastifyRequest,
  database: AppDatabase,
): Promise<void> {
  const sid = request.session.get('sid');
  if (sid !== undefined)
    await revokeStaffSession(database, sid, request.server.clock.now().getTime());
  request.session.delete();
  resolvedUsers.set(request, Promise.resolve(null));
}

/**
 * Reads and clears the one-time message's code. A session from before flashes were codes
 * holds English words instead: no code, so nothing is shown.
 */
export function takeFlash(request: FastifyRequest): FlashCode | null {
  const flash: unknown = request.session.get('flash');
  if (flash === undefined) return null;
  request.session.set('flash', undefined);
  return codeIn(FLASH_CODES, flash) ?? null;
}
