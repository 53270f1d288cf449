import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createStaff } from '../../db/staff-accounts/staff-accounts.ts';
import { hashPassword } from '../../server/auth/password-hash.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';
import type { Config } from '../../server/config.ts';
import { withAppDatabase } from './test-app.ts';
import { KNOWN_DEVICE_COOKIE, SECURE_KNOWN_DEVICE_COOKIE } from '../../server/auth/known-device.ts';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../../server/plugins/staff-session.ts';

process.env.ARGON2_TEST_COST = 'low';

/**
 * Adds a staff account straight to the test app's database, as the CLI would, with
 * exactly `roles` (BAC when not given): `where` is the app's configuration (either engine)
 * or a data folder (its SQLite file).
 */
export async function addStaffAccount(
  where: string | Pick<Config, 'dataDir' | 'databaseUrl'>,
  email: string,
  password: string,
  roles: StaffRole[] = ['bac'],
) {
  const config = typeof where === 'string' ? { dataDir: where, databaseUrl: undefined } : where;
  const passwordHash = await hashPassword(password);
  return withAppDatabase(config, (database) =>
    createStaff(database, {
      email,
      displayName: email.split('@')[0] ?? email,
      passwordHash,
      roles,
    }),
  );
}

/** The first cookie a response set under one of `names`, as a Cookie header value; empty when none. */
function cookieOf(response: LightMyRequestResponse, names: string[]): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const pair = cookies
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((item) => names.some((name) => item.startsWith(`${name}=`)));
  return pair ?? '';
}

/**
 * The session cookie a response set, under either name (`__Host-` with COOKIE_SECURE=true),
 * as a Cookie header value; empty when none was set.
 */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  return cookieOf(response, [SESSION_COOKIE, SECURE_SESSION_COOKIE]);
}

/** The known-device cookie a response set, under either name, as a Cookie header value; empty when none. */
export function deviceCookieOf(response: LightMyRequestResponse): string {
  return cookieOf(response, [KNOWN_DEVICE_COOKIE, SECURE_KNOWN_DEVICE_COOKIE]);
}

/**
 * Adds a staff account to the test app and signs a new visitor in to it (the app must trust
 * the proxy, see ApiVisitor); throws, saying what the app answered, when sign-in fails.
 * Answers the visitor, the account and the sign-in's response (its cookies, say).
 */
export async function signedInStaff(
  testApp: { app: FastifyInstance; config: Pick<Config, 'dataDir' | 'databaseUrl'> },
  email: string,
  password: string,
  roles?: StaffRole[],
): Promise<{
  visitor: ApiVisitor;
  account: Awaited<ReturnType<typeof addStaffAccount>>;
  response: LightMyRequestResponse;
}> {
  const account = await addStaffAccount(testApp.config, email, password, roles);
  const visitor = new ApiVisitor(testApp.app);
  const response = await visitor.signIn(email, password);
  if (response.statusCode !== 200) {
    throw new Error(`signing in as ${email} answered ${response.statusCode}: ${response.body}`);
  }
  return { visitor, account, response };
}

let visitorCount = 0;

/** The CSRF token a page's form carries in its hidden `_csrf` field. */
export function csrfOf(html: string): string {
  return /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
}

/**
 * A browser-like visitor: keeps the session cookie and the known-device cookie between
 * requests and comes from its own address (through X-Forwarded-For; the test app must
 * trust the proxy), so sign-in throttling by address does not mix visitors up.
 */
export class ApiVisitor {
  cookie = '';
  device = '';
  constructor(
    private readonly app: FastifyInstance,
    readonly address = `198.51.100.${++visitorCount % 250}`,
  ) {}

  async request(options: {
    method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    url: string;
    headers?: Record<string, string>;
    payload?: unknown;
  }): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      method: options.method ?? 'GET',
      url: options.url,
      headers: {
        'x-forwarded-for': this.address,
        ...(this.cookie || this.device
          ? { cookie: [this.cookie, this.device].filter(Boolean).join('; ') }
          : {}),
        ...options.headers,
      },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
    const next = sessionCookieOf(response);
    if (next) this.cookie = next.endsWith('=') ? '' : next;
    const device = deviceCookieOf(response);
    if (device) this.device = device.endsWith('=') ? '' : device;
    return response;
  }

  /** Posts fields as a browser's plain HTML form does (URL-encoded, from the site's origin). */
  postForm(
    url: string,
    fields: Record<string, string> | [string, string][],
  ): Promise<LightMyRequestResponse> {
    return this.request({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:80',
      },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  /** Opens a page and sends its form as a browser without JavaScript does, with the page's CSRF token. */
  async submitPageForm(
    url: string,
    fields: Record<string, string> | [string, string][],
  ): Promise<LightMyRequestResponse> {
    const page = await this.request({ url });
    const entries = Array.isArray(fields) ? fields : Object.entries(fields);
    return this.postForm(url, [['_csrf', csrfOf(page.body)], ...entries]);
  }

  async csrfToken(): Promise<string> {
    const response = await this.request({ url: '/api/session' });
    return (response.json() as { csrfToken: string }).csrfToken;
  }

  async signIn(email: string, password: string): Promise<LightMyRequestResponse> {
    const token = await this.csrfToken();
    return this.request({
      method: 'POST',
      url: '/api/session',
      headers: { 'x-csrf-token': token },
      payload: { email, password },
    });
  }
}
