import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { routes } from '../../client/routes.tsx';
import { STAFF_PAGES } from '../../client/staff/staff-pages.ts';
import { SESSION_COOKIE } from '../../server/plugins/staff-session.ts';
import { pathInLang } from '../../shared/i18n/languages.ts';
import { startInbox, type TestInbox } from '../helpers/smtp-inbox.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const EMAIL = 'bac.secretariat@san-isidro.gov.ph';
const PASSWORD = 'seven lanterns over the municipal hall';

const SITE = 'https://procurement.example.gov.ph';
const SUBSCRIBER = 'subscriber.fuzz@example.org';

/** Stands for a path parameter's value while a path is respelled, so its letters stay as they are. */
const PARAMETER = '@@';

/**
 * Every page of the route table (client/routes.tsx) that is kept out of the render cache
 * (`handle.staff`: the staff pages and the bid-alert pages), at its English and Filipino
 * address, its parameters standing as PARAMETER: a page added there is fuzzed here too.
 */
function privatePagePaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.index ? parent : joinPath(parent, route.path ?? '');
    const own = (route.handle as { staff?: boolean } | undefined)?.staff ? [path] : [];
    return [...own, ...privatePagePaths(route.children ?? [], path)];
  });
}

function joinPath(parent: string, path: string): string {
  if (path === '') return parent;
  return `${parent.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
}

/** A route path's addresses: the optional `fil?` segment both ways, each parameter as PARAMETER. */
function addresses(path: string): string[] {
  const spelled = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? PARAMETER : segment))
    .join('/');
  return spelled.includes('/fil?')
    ? [spelled.replace('/fil?', ''), spelled.replace('/fil?', '/fil')]
    : [spelled];
}

/**
 * The staff side of the API a browser can GET, from the API's own description: the session
 * and everything under /api/staff (staff-accounts included) and the bid-alert links' reads,
 * with their parameters as PARAMETER.
 */
function privateApiPaths(openApi: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(openApi.paths)
    .filter(
      ([path, operations]) => 'get' in operations && /^\/api\/(session|staff|alerts)/.test(path),
    )
    .map(([path]) => path.replace(/\{[^}]+\}/g, PARAMETER));
}

/** A CSRF token in a page's hidden field or in the session API's JSON. */
const CSRF_TOKEN = /name="_csrf" value="([^"]+)"|"csrfToken":"([^"]+)"/g;

const tokensIn = (body: string) =>
  [...body.matchAll(CSRF_TOKEN)].map((match) => match[1] ?? match[2] ?? '');

/** The same letter as %xx, in either case of hex digits. */
const encoded = (letter: string, upper: boolean) => {
  const hex = letter.charCodeAt(0).toString(16);
  return `%${upper ? hex.toUpperCase() : hex}`;
};

/**
 * The spellings of one path that the app's routers may read as that path: another letter
 * case, any single letter or every letter percent-encoded, dot segments, a trailing slash,
 * a doubled slash.
 */
function pathSpellings(path: string): string[] {
  const letters = [...path].flatMap((char, index) => (/[a-z]/.test(char) ? [index] : []));
  const withLetter = (index: number, upper: boolean) =>
    path.slice(0, index) + encoded(path[index]!, upper) + path.slice(index + 1);
  const segments = path.split('/').slice(1);
  const last = segments.at(-1)!;
  const parent = path.slice(0, path.length - last.length);
  return [
    path,
    path.toUpperCase(),
    path.replace(/\/(\w)/g, (_slash, first: string) => `/${first.toUpperCase()}`),
    ...letters.map((index, nth) => withLetter(index, nth % 2 === 0)),
    path.replace(/[a-z]/g, (letter) => encoded(letter, false)),
    `/.${path}`,
    `${parent}.${path.slice(parent.length - 1)}`,
    `/x/..${path}`,
    `${parent}staff/../${last}`,
    `${path}/`,
    `${path}/.`,
    `${parent}/${last}`,
    `${path}//`,
    `/%2e${path}`,
    `/x/%2E%2E${path}`,
  ];
}

/**
 * Cookie headers carrying the staff member's session cookie (`name=value`) the ways a
 * client may write it: spaces and tabs around the name, the `=` and the separators, other
 * cookies before and after it, the name in another case, and the cookie twice.
 */
function cookieSpellings(cookie: string): string[] {
  const value = cookie.slice(cookie.indexOf('=') + 1);
  return [
    cookie,
    ` ${cookie}`,
    `${SESSION_COOKIE} =${value}`,
    `${SESSION_COOKIE}\t=\t${value}`,
    `\t${SESSION_COOKIE} = ${value} `,
    `theme=dark; ${cookie}`,
    `theme=dark;${SESSION_COOKIE} =${value}`,
    `_ga=GA1.2.3;\t${cookie};\tlang=fil`,
    `${cookie}; theme=dark`,
    `${cookie}; ${SESSION_COOKIE}=garbage`,
    `${SESSION_COOKIE}=garbage; ${cookie}`,
    `${SESSION_COOKIE.toUpperCase()}=${value}`,
    `Bac_Session=${value}; ${SESSION_COOKIE} =${value}`,
    `__Host-${cookie}`,
  ];
}

interface Answer {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Requests over a real socket, the path sent byte for byte: injected requests go through
 * WHATWG URL parsing first, which resolves `/./`, `/x/../` and `%2e%2e` before the app sees
 * them, as no client of a real server has to.
 */
async function rawClient(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return (path: string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, path, headers, agent: false },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              statusCode: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end();
    });
}

/**
 * A confirmed bid-alert subscriber's manage token: subscribed by the form, confirmed by the
 * link its mail carried, as a visitor would.
 */
async function confirmedSubscription(app: FastifyInstance, inbox: TestInbox): Promise<string> {
  const subscribed = await app.inject({
    method: 'POST',
    url: '/alerts',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      email: SUBSCRIBER,
      lists: 'svp',
      frequency: 'immediate',
    }).toString(),
  });
  expect(subscribed.statusCode).toBe(303);
  const [mail] = await inbox.waitFor(1, (received) => received.to.includes(SUBSCRIBER));
  const link = new RegExp(`${SITE}(/alerts/confirm/[^\\s>"]+)`).exec(mail!.text)?.[1];
  expect(link).toBeDefined();
  const confirmed = await app.inject({
    method: 'POST',
    url: link!,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  const manage = /^\/alerts\/manage\/([^?]+)/.exec(String(confirmed.headers.location))?.[1];
  expect(manage).toBeDefined();
  return manage!;
}

const isPublic = (response: Answer) =>
  /public/.test(String(response.headers['cache-control'] ?? ''));

describe(
  'the render cache and a staff session, as an attacker would try them',
  { timeout: 600_000 },
  () => {
    let testApp: TestApp;
    let inbox: TestInbox;
    let get: Awaited<ReturnType<typeof rawClient>>;
    let cookie: string;
    let value: string;
    /** Every private address to try, its parameters filled in. */
    let privatePaths: string[];
    let manageToken: string;
    beforeAll(async () => {
      inbox = await startInbox();
      testApp = await createTestApp({
        TRUST_PROXY: '1',
        DEMO_RECORDS: 'true',
        SMTP_URL: inbox.url,
        SITE_URL: SITE,
      });
      get = await rawClient(testApp.app);
      manageToken = await confirmedSubscription(testApp.app, inbox);
      const openApi = (await testApp.app.inject({ url: '/openapi.json' })).json();
      const templates = [
        ...privatePagePaths(routes).flatMap(addresses),
        ...privateApiPaths(openApi),
      ];
      privatePaths = [...new Set(templates)];
      const { visitor: staff } = await signedInStaff(testApp, EMAIL, PASSWORD, ['admin']);
      // The first page takes the sign-in's one-time message and adds the CSRF secret to the
      // session; with the cookie it sets, later visits set none, as in the staff member's browser.
      const input = await staff.request({ url: '/bac-input' });
      expect(input.body).toContain(EMAIL);
      cookie = staff.cookie;
      value = cookie.slice(cookie.indexOf('=') + 1);
      const again = await get('/bac-input', { cookie });
      expect(again.headers['set-cookie']).toBeUndefined();
    });
    afterAll(async () => {
      await testApp?.close();
      await inbox?.close();
    });

    it('takes its paths from the route table and the API description, both languages', () => {
      const expected = [
        ...Object.values(STAFF_PAGES).flatMap((path) => [path, pathInLang(path, 'fil')]),
        `/alerts/manage/${PARAMETER}`,
        `/fil/alerts/manage/${PARAMETER}`,
        '/api/session',
        '/api/staff/recent-records',
        '/api/staff-accounts',
      ];
      expect(privatePaths).toEqual(expect.arrayContaining(expected));
    });

    it('never shows a staff answer to an anonymous visitor, and never marks one public', async () => {
      /** Every failure, so that one run shows all the spellings that get through. */
      const problems: string[] = [];
      const staffTokens = new Set<string>();
      const reached = new Set<string>();
      let attempt = 0;
      const cookies = cookieSpellings(cookie);
      for (const template of privatePaths) {
        // Every spelling of the path with the cookie as sent, and in turn with each other
        // spelling of the cookie; the path as it is with every spelling of the cookie.
        const spellings = pathSpellings(template).flatMap((path, nth) => [
          [path, cookies[0]!],
          ...(nth === 0 ? cookies.slice(1) : [cookies[nth % cookies.length]!]).map((one) => [
            path,
            one,
          ]),
        ]);
        for (const [spelled, cookieHeader] of spellings as [string, string][]) {
          const path = spelled.replaceAll(PARAMETER, manageToken);
          // An unused cache key for every attempt (the home page's video parameter is one
          // the cache keys by), so no earlier answer can hide what this attempt would store.
          const url = `${path}?video=${++attempt}`;
          const what = `${url.replaceAll(manageToken, '<token>')} with Cookie: ${JSON.stringify(cookieHeader.replaceAll(value, '…'))}`;
          const signedIn = await get(url, { cookie: cookieHeader });
          if (signedIn.body.includes(EMAIL)) reached.add(template);
          if (signedIn.body.includes(SUBSCRIBER)) reached.add(template);
          for (const token of tokensIn(signedIn.body)) staffTokens.add(token);
          if (isPublic(signedIn)) problems.push(`public staff answer: ${what}`);

          const anonymous = await get(url);
          if (anonymous.body.includes(EMAIL)) problems.push(`e-mail shown anonymously: ${what}`);
          const tokens = tokensIn(anonymous.body);
          if (tokens.some((token) => staffTokens.has(token)))
            problems.push(`staff CSRF token shown anonymously: ${what}`);
          // An anonymous visitor may get a CSRF token (the sign-in form) only for its own
          // new session, in an answer kept by no one.
          const ownSession = String(anonymous.headers['set-cookie']).startsWith(
            `${SESSION_COOKIE}=`,
          );
          if (tokens.length > 0 && !ownSession)
            problems.push(`CSRF token without a session of its own: ${what}`);
          if (isPublic(anonymous)) problems.push(`public anonymous staff answer: ${what}`);
        }
      }
      expect(problems).toEqual([]);
      // The fuzz reached the staff member's own pages and the subscriber's manage page, in
      // both languages, so it could have leaked them.
      expect([...reached]).toEqual(
        expect.arrayContaining([
          STAFF_PAGES.input,
          pathInLang(STAFF_PAGES.accounts, 'fil'),
          `/alerts/manage/${PARAMETER}`,
          `/fil/alerts/manage/${PARAMETER}`,
          '/api/session',
        ]),
      );
      expect(staffTokens.size).toBeGreaterThan(0);
    });
  },
);

describe('one spelling per URL', { timeout: 300_000 }, () => {
  let testApp: TestApp;
  let get: Awaited<ReturnType<typeof rawClient>>;
  beforeAll(async () => {
    // Records for the permalinks and record API reads below.
    testApp = await createTestApp({ DEMO_RECORDS: 'true' });
    get = await rawClient(testApp.app);
  });
  afterAll(() => testApp.close());

  /** Public pages (React Router matches them in any case) and public API reads (case-sensitive). */
  const PAGES = ['/', '/news', '/view-news/1', '/bids-reports', '/bids-reports/1', '/open-data'];
  const API = ['/api/records/reports', '/api/records/reports/1', '/api/content/site'];

  it('sends every other spelling of a public URL to its one spelling, or answers 404, never a second copy', async () => {
    const problems: string[] = [];
    for (const canonical of [...PAGES, ...API]) {
      const page = PAGES.includes(canonical);
      const original = await get(`${canonical}?page=1`);
      expect({ canonical, status: original.statusCode }).toEqual({ canonical, status: 200 });
      const spellings = pathSpellings(canonical).filter((path) => path !== canonical);
      for (const path of page ? spellings : spellings.filter((path) => path !== path.toUpperCase()))
        for (const query of ['', '?page=1&utm_source=x']) {
          const url = path + query;
          const response = await get(url);
          if (response.statusCode === 404 || (!page && path.toLowerCase() !== path)) {
            if (response.statusCode !== 404 && response.statusCode !== 301)
              problems.push(`${url}: ${response.statusCode}`);
            continue;
          }
          const expected = { status: 301, location: canonical + query, private: true };
          const got = {
            status: response.statusCode,
            location: response.headers.location,
            private: response.headers['cache-control'] === 'private, no-store',
          };
          if (JSON.stringify(got) !== JSON.stringify(expected))
            problems.push(`${url}: ${JSON.stringify(got)}`);
        }
    }
    expect(problems).toEqual([]);
  });

  it('never redirects to another host, whatever the path holds', async () => {
    for (const url of [
      '//evil.example/X',
      '/\\evil.example/X',
      '/\\/evil.example',
      '/%5Cevil.example/X',
      '/.//evil.example',
      '/x/..//evil.example/',
      '/%2F%2Fevil.example/X',
      '/News/%2e%2e//evil.example',
    ]) {
      const response = await get(url);
      const location = String(response.headers.location ?? '/');
      expect({ url, location }).toEqual({ url, location: expect.stringMatching(/^\/(?![/\\])/) });
    }
  });

  it('renders a staff page for the anonymous visitor who asked, whole query and nonce, and keeps none', async () => {
    for (let visit = 0; visit < 2; visit++) {
      const before = testApp.app.responseCache.snapshot();
      const response = await get('/bac-login?signed-out');
      expect(response.body).toContain('You have signed out.');
      expect(response.headers['content-security-policy']).toMatch(/'nonce-/);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const after = testApp.app.responseCache.snapshot();
      expect({ hits: after.hits, entries: after.entries }).toEqual({
        hits: before.hits,
        entries: before.entries,
      });
    }
  });

  it('serves a canonical URL from memory as before, the redirect costing no render', async () => {
    const first = await get('/festival');
    const before = testApp.app.responseCache.snapshot();
    const redirect = await get('/Festival/');
    const again = await get('/festival');
    const after = testApp.app.responseCache.snapshot();
    expect(redirect.statusCode).toBe(301);
    expect(again.body).toBe(first.body);
    expect({ hits: after.hits - before.hits, misses: after.misses - before.misses }).toEqual({
      hits: 1,
      misses: 0,
    });
    expect(after.entries).toBe(before.entries);
  });
});
